import { getToken } from '../../../relay/environment';
import { currentLocale } from '../../../i18n/locale';

/**
 * Records the meeting as everyone sees it: the tiles drawn side by side on a canvas, every voice
 * mixed with Web Audio, both recorded by MediaRecorder (WebM). The recording leaves the browser in
 * pieces every few seconds, each sent to the server by its sequence number and retried until it is
 * accepted, so closing the tab loses at most the last piece.
 */

export type StageTile = { key: string; name: string; stream: MediaStream | null };

/** How often a piece is cut and sent. */
const TIMESLICE_MS = 3000;
const FRAME_RATE = 15;
const WIDTH = 960;
const HEIGHT = 540;
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/**
 * The container and codecs this browser records in. VP8 first: it costs the recording browser far
 * less than VP9 (which the server could copy into an MP4 as it is; VP8 is converted on download).
 */
export function recordingMimeType(): { recorderType: string; mimeType: 'WEBM' | 'MP4' } | null {
  if (typeof MediaRecorder === 'undefined') return null;
  const candidates = ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'];
  const recorderType = candidates.find((type) => MediaRecorder.isTypeSupported(type));
  if (!recorderType) return null;
  return { recorderType, mimeType: recorderType.startsWith('video/mp4') ? 'MP4' : 'WEBM' };
}

/** Sends piece `sequence`; a refusal the server explains is final, a network failure is retried. */
async function sendPiece(recordingId: number, sequence: number, piece: Blob): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const body = new FormData();
    body.append('chunk', piece, `${sequence}.webm`);
    const token = getToken();
    try {
      const response = await fetch(`/api/zoomvisor/recordings/${recordingId}/chunks/${sequence}`, {
        method: 'PUT',
        body,
        headers: { 'Accept-Language': currentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        keepalive: piece.size < 60_000,
      });
      if (response.ok) return;
      if (response.status < 500 && response.status !== 429) {
        const detail = ((await response.json().catch(() => null)) as { detail?: string } | null)?.detail;
        throw new RecordingUploadError(detail ?? String(response.status));
      }
    } catch (error) {
      if (error instanceof RecordingUploadError || attempt >= RETRY_DELAYS_MS.length) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]));
  }
}

export class RecordingUploadError extends Error {}

export class StageRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly videos = new Map<string, { video: HTMLVideoElement; stream: MediaStream; name: string }>();
  private readonly sources = new Map<MediaStream, MediaStreamAudioSourceNode>();
  private readonly recorder: MediaRecorder;
  private readonly timer: ReturnType<typeof setInterval>;
  private sequence = 0;
  /** Pieces go one after another: the server appends them in order. */
  private sending: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    readonly recordingId: number,
    recorderType: string,
    private readonly onFailure: (error: Error) => void,
  ) {
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
    const video = this.canvas.captureStream(FRAME_RATE).getVideoTracks();
    this.recorder = new MediaRecorder(new MediaStream([...video, ...this.mix.stream.getAudioTracks()]), {
      mimeType: recorderType,
      videoBitsPerSecond: 2_000_000,
    });
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.send(event.data);
    };
    // A timer rather than animation frames: those stop in a background tab, the recording must not.
    this.timer = setInterval(() => this.draw(), 1000 / FRAME_RATE);
    this.recorder.start(TIMESLICE_MS);
  }

  /** The tiles on the stage now; called whenever someone comes, goes or changes their stream. */
  setTiles(tiles: StageTile[]) {
    const keep = new Set<string>();
    for (const tile of tiles) {
      if (!tile.stream) continue;
      keep.add(tile.key);
      const current = this.videos.get(tile.key);
      if (current?.stream === tile.stream) {
        current.name = tile.name;
        continue;
      }
      const video = document.createElement('video');
      video.muted = true;
      video.playsInline = true;
      video.srcObject = tile.stream;
      void video.play().catch(() => undefined);
      this.videos.set(tile.key, { video, stream: tile.stream, name: tile.name });
    }
    for (const [key, entry] of this.videos) {
      if (keep.has(key)) continue;
      entry.video.srcObject = null;
      this.videos.delete(key);
    }
    // Every voice into the mix, once per stream.
    const streams = new Set([...this.videos.values()].map((entry) => entry.stream));
    for (const stream of streams) {
      if (this.sources.has(stream) || stream.getAudioTracks().length === 0) continue;
      const source = this.audio.createMediaStreamSource(stream);
      source.connect(this.mix);
      this.sources.set(stream, source);
    }
    for (const [stream, source] of this.sources) {
      if (streams.has(stream)) continue;
      source.disconnect();
      this.sources.delete(stream);
    }
  }

  /** Stops recording and waits until the last piece is on the server. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    if (this.recorder.state !== 'inactive') {
      const stopped = new Promise((resolve) => this.recorder.addEventListener('stop', resolve, { once: true }));
      this.recorder.stop();
      await stopped;
    }
    for (const entry of this.videos.values()) entry.video.srcObject = null;
    this.videos.clear();
    void this.audio.close().catch(() => undefined);
    await this.sending;
    if (this.failure) throw this.failure;
  }

  private send(piece: Blob) {
    const sequence = this.sequence++;
    this.sending = this.sending.then(async () => {
      if (this.failure) return;
      try {
        await sendPiece(this.recordingId, sequence, piece);
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        this.onFailure(this.failure);
      }
    });
  }

  /** The tiles in a grid, each picture fitted into its cell, the name under it. */
  private draw() {
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.fillStyle = '#0b0f19';
    context.fillRect(0, 0, WIDTH, HEIGHT);
    const tiles = [...this.videos.values()];
    if (tiles.length === 0) return;
    const columns = Math.ceil(Math.sqrt(tiles.length));
    const rows = Math.ceil(tiles.length / columns);
    const cellWidth = WIDTH / columns;
    const cellHeight = HEIGHT / rows;
    tiles.forEach(({ video, name }, index) => {
      const x = (index % columns) * cellWidth;
      const y = Math.floor(index / columns) * cellHeight;
      if (video.videoWidth > 0) {
        const scale = Math.min(cellWidth / video.videoWidth, cellHeight / video.videoHeight);
        const width = video.videoWidth * scale;
        const height = video.videoHeight * scale;
        context.drawImage(video, x + (cellWidth - width) / 2, y + (cellHeight - height) / 2, width, height);
      }
      context.fillStyle = 'rgba(0, 0, 0, 0.55)';
      context.fillRect(x + 8, y + cellHeight - 36, Math.min(cellWidth - 16, 12 + name.length * 11), 28);
      context.fillStyle = '#ffffff';
      context.font = '18px sans-serif';
      context.fillText(name, x + 14, y + cellHeight - 16, cellWidth - 28);
    });
  }
}
