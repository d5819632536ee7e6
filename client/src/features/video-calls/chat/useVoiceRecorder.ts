import { useCallback, useEffect, useRef, useState } from 'react';
import { mediaFailure, stopStreams } from '../call/media';
import type { MicrophoneFailure } from '../texts';

/** Spec section 9: at most 300 s, 128 kbit/s, Opus in WebM where the browser has it, else MP4. */
export const VOICE_MAX_SECONDS = 300;
export const VOICE_BITS_PER_SECOND = 128_000;
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

export function voiceMimeType(
  isTypeSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported(type),
): string {
  return MIME_TYPES.find((type) => isTypeSupported(type)) ?? '';
}

/** The microphone's failure, from the same names the camera's are judged by. */
export function microphoneFailure(error: unknown): MicrophoneFailure {
  const failure = mediaFailure(error);
  if (failure === 'denied' || failure === 'notFound' || failure === 'insecure') return failure;
  return failure === 'noWebRTC' ? 'notSupported' : 'unknown';
}

export type Recording = { blob: Blob; url: string; seconds: number; mimeType: string };

export type RecorderState =
  { phase: 'idle' } | { phase: 'recording'; seconds: number } | { phase: 'recorded'; recording: Recording };

/**
 * Voice recording (spec section 4): idle → recording (counting seconds, stopping by itself at the
 * limit) → recorded (preview, then send or delete). `onFailure` gets why the microphone failed.
 */
export function useVoiceRecorder(onFailure: (failure: MicrophoneFailure) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const url = useRef<string | null>(null);

  const clearTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };

  const stop = useCallback(() => {
    clearTimer();
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return onFailure('notSupported');
    if (window.isSecureContext === false) return onFailure('insecure');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      return onFailure(microphoneFailure(error));
    }
    const mimeType = voiceMimeType();
    const media = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: VOICE_BITS_PER_SECOND });
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      stopStreams(stream);
      const type = media.mimeType || mimeType || 'audio/webm';
      const blob = new Blob(chunks, { type });
      const seconds = Math.min(VOICE_MAX_SECONDS, Math.max(1, Math.round((performance.now() - startedAt) / 1000)));
      url.current = URL.createObjectURL(blob);
      setState({ phase: 'recorded', recording: { blob, url: url.current, seconds, mimeType: type } });
    };
    recorder.current = media;
    media.start(1000);
    setState({ phase: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = Math.floor((performance.now() - startedAt) / 1000);
      if (seconds >= VOICE_MAX_SECONDS) stop();
      else setState({ phase: 'recording', seconds });
    }, 250);
  }, [onFailure, stop]);

  const discard = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
    setState({ phase: 'idle' });
  }, []);

  // Leaving the chat stops a recording and releases the microphone.
  useEffect(
    () => () => {
      clearTimer();
      if (recorder.current?.state === 'recording') {
        recorder.current.onstop = null;
        recorder.current.stop();
        stopStreams(recorder.current.stream);
      }
      if (url.current) URL.revokeObjectURL(url.current);
    },
    [],
  );

  return { state, start, stop, discard };
}
