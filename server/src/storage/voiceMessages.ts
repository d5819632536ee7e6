import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Voice messages of the room chat (spec section 9): at most 300 s, recorded at 128 kbit/s. */
export const VOICE_MAX_SECONDS = 300;
export const VOICE_BITS_PER_SECOND = 128_000;
/** 300 s at 128 kbit/s is 4.8 MB; the container and bitrate peaks get a quarter more. */
export const VOICE_MAX_BYTES = Math.ceil(((VOICE_MAX_SECONDS * VOICE_BITS_PER_SECOND) / 8) * 1.25);

export type VoiceFormat = { extension: '.webm' | '.ogg' | '.mp4'; mimeType: string };

const MIME_BY_EXTENSION: Record<VoiceFormat['extension'], string> = {
  '.webm': 'audio/webm',
  '.ogg': 'audio/ogg',
  '.mp4': 'audio/mp4',
};

/** The container, judged by the file's first bytes (what MediaRecorder writes: WebM, Ogg or MP4). */
export function voiceFormat(bytes: Uint8Array): VoiceFormat | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  let extension: VoiceFormat['extension'] | null = null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) extension = '.webm';
  else if (ascii(0, 4) === 'OggS') extension = '.ogg';
  else if (ascii(4, 8) === 'ftyp') extension = '.mp4';
  return extension && { extension, mimeType: MIME_BY_EXTENSION[extension] };
}

const URL_PREFIX = '/room-media/voice/';
const voiceDir = (dataDir: string) => path.join(dataDir, 'uploads', 'voice');
const STORED_NAME = /^[0-9a-f-]{36}\.(webm|ogg|mp4)$/;

/** Stores the recording under a generated name (never the client's) and returns that name. */
export async function saveVoice(dataDir: string, bytes: Uint8Array, format: VoiceFormat): Promise<string> {
  const filename = `${randomUUID()}${format.extension}`;
  await fs.mkdir(voiceDir(dataDir), { recursive: true });
  await fs.writeFile(path.join(voiceDir(dataDir), filename), bytes, { flag: 'wx' });
  return filename;
}

const signature = (secret: Uint8Array, filename: string, expires: number) =>
  createHmac('sha256', secret).update(`voice:${filename}:${expires}`).digest('base64url');

const HOUR_MS = 3600_000;

/**
 * A link an <audio> element can load without a bearer token: it names one file and expires. It is
 * only handed to people who may read the message; the expiry is rounded to the hour so the same
 * message keeps one URL for a while (the browser caches it).
 */
export function signedVoiceUrl(secret: Uint8Array, filename: string, now = Date.now()): string {
  const expires = Math.ceil((now + 12 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return `${URL_PREFIX}${filename}?expires=${expires}&signature=${signature(secret, filename, expires)}`;
}

/** Serves `/room-media/voice/<name>` when the link's signature and expiry hold; null for other paths. */
export async function serveVoice(request: Request, secret: Uint8Array, dataDir: string): Promise<Response | null> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(URL_PREFIX)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const filename = url.pathname.slice(URL_PREFIX.length);
  const expires = Number(url.searchParams.get('expires'));
  const given = Buffer.from(url.searchParams.get('signature') ?? '');
  const expected = Buffer.from(STORED_NAME.test(filename) ? signature(secret, filename, expires) : '');
  const valid =
    STORED_NAME.test(filename) && expires > Date.now() && given.length === expected.length && timingSafeEqual(given, expected);
  if (!valid) return new Response(null, { status: 403 });

  let body: Buffer;
  try {
    body = await fs.readFile(path.join(voiceDir(dataDir), filename));
  } catch {
    return new Response(null, { status: 404 });
  }
  const headers: Record<string, string> = {
    'content-type': MIME_BY_EXTENSION[path.extname(filename) as VoiceFormat['extension']],
    'cache-control': 'private, max-age=3600',
    'accept-ranges': 'bytes',
  };
  // Media elements ask for ranges when seeking.
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get('range') ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
    if (start > end || start >= body.length) {
      return new Response(null, { status: 416, headers: { 'content-range': `bytes */${body.length}` } });
    }
    const part = body.subarray(start, end + 1);
    headers['content-range'] = `bytes ${start}-${end}/${body.length}`;
    headers['content-length'] = String(part.length);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(part), { status: 206, headers });
  }
  headers['content-length'] = String(body.length);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}
