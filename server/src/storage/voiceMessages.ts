import type { Config } from '../config';
import type { FileStore } from './fileStore';
import { createFileStore } from './fileStores';
import { missingFile, refusedLink, signedLink, verifiedFilename } from './signedLinks';
import { detectFileType } from './fileTypes';

/** Voice messages of the room chat (spec section 9): at most 300 s, recorded at 128 kbit/s. */
export const VOICE_MAX_SECONDS = 300;
export const VOICE_BITS_PER_SECOND = 128_000;
/** 300 s at 128 kbit/s is 4.8 MB; the container and bitrate peaks get a quarter more. */
export const VOICE_MAX_BYTES = Math.ceil(((VOICE_MAX_SECONDS * VOICE_BITS_PER_SECOND) / 8) * 1.25);

export type VoiceFormat = { extension: '.webm' | '.ogg' | '.mp4'; mimeType: string };

/** Recordings are audio, whatever their container is usually called when it holds video. */
export const VOICE_CONTENT_TYPES: Record<VoiceFormat['extension'], string> = {
  '.webm': 'audio/webm',
  '.ogg': 'audio/ogg',
  '.mp4': 'audio/mp4',
};

/** The containers MediaRecorder writes (WebM, Ogg or MP4), by the MIME type detectFileType names them with. */
const VOICE_EXTENSION_BY_DETECTED_MIME: Record<string, VoiceFormat['extension']> = {
  'video/webm': '.webm',
  'video/x-matroska': '.webm',
  'video/ogg': '.ogg',
  'video/mp4': '.mp4',
  'video/quicktime': '.mp4',
  'audio/mp4': '.mp4',
};

/** The container, judged by the file's first bytes; null for anything MediaRecorder does not write. */
export function voiceFormat(bytes: Uint8Array): VoiceFormat | null {
  const detected = detectFileType(bytes);
  const extension = detected && VOICE_EXTENSION_BY_DETECTED_MIME[detected.mime];
  return extension ? { extension, mimeType: VOICE_CONTENT_TYPES[extension] } : null;
}

/** The Content-Type of a stored recording, from the extension voiceFormat gave it. */
export const voiceMimeType = (filename: string) =>
  VOICE_CONTENT_TYPES[filename.slice(filename.lastIndexOf('.')) as VoiceFormat['extension']] ?? 'audio/webm';

/** Where signed links to recordings point (the HTTP routing serves this prefix with serveVoice). */
export const VOICE_PATH = '/room-media/voice/';

/** Where recordings are kept: served only through signed links, so browsers keep them privately for an hour. */
export const createVoiceStore = (config: Pick<Config, 'dataDir' | 's3'>) =>
  createFileStore(config, 'uploads/voice', {
    contentTypes: VOICE_CONTENT_TYPES,
    cacheControl: 'private, max-age=3600',
  });

const HOUR_MS = 3600_000;

/**
 * A link an <audio> element can load without a bearer token: it names one file and expires. It is
 * only handed to people who may read the message; the expiry is rounded to the hour so the same
 * message keeps one URL for a while (the browser caches it).
 */
export function signedVoiceUrl(secret: Uint8Array, filename: string, now = Date.now()): string {
  const expires = Math.ceil((now + 12 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return signedLink(secret, 'voice', VOICE_PATH, filename, expires);
}

/**
 * Serves `/room-media/voice/<name>` from the voice store when the link's signature and expiry
 * hold; null for other paths.
 */
export async function serveVoice(request: Request, secret: Uint8Array, store: FileStore): Promise<Response | null> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(VOICE_PATH)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const filename = verifiedFilename(
    secret,
    'voice',
    url,
    url.pathname.slice(VOICE_PATH.length),
    (expires) => expires <= Date.now(),
  );
  if (!filename) return refusedLink(request);
  return (await store.serve(request, filename)) ?? missingFile(request);
}
