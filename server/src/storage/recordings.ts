import type { Config } from '../config';
import { derivedName } from './fileStore';
import { createFileStore } from './fileStores';
import { detectFileType } from './fileTypes';
import { signedLink } from './signedLinks';

/** The containers the browser's MediaRecorder writes a meeting into, by the MIME type it names. */
export const RECORDING_FORMATS = {
  'video/webm': { extension: '.webm', detected: ['video/webm', 'video/x-matroska'] },
  'video/mp4': { extension: '.mp4', detected: ['video/mp4', 'video/quicktime'] },
} as const;
export type RecordingMimeType = keyof typeof RECORDING_FORMATS;

/** Whether the first piece of a recording starts like its container (EBML for WebM, `ftyp` for MP4). */
export const startsLike = (mimeType: RecordingMimeType, bytes: Uint8Array) =>
  (RECORDING_FORMATS[mimeType].detected as readonly string[]).includes(detectFileType(bytes)?.mime ?? '');

/** Where signed links to recordings point (the HTTP routing serves this prefix). */
export const RECORDINGS_PATH = '/room-media/recordings/';

/** The MP4 copy of a WebM recording, made on its first download. */
export const mp4NameOf = (filename: string) => (filename.endsWith('.mp4') ? filename : derivedName(filename, 'remux', '.mp4'));

/** The recording an MP4 copy was made from. */
export const sourceNameOf = (filename: string) => filename.replace(/-remux\.mp4$/, '.webm');

/** Recordings are private: served only through signed links, kept by browsers privately for an hour. */
export const createRecordingStore = (config: Pick<Config, 'dataDir' | 's3'>) =>
  createFileStore(config, 'uploads/recordings', {
    contentTypes: { '.webm': 'video/webm', '.mp4': 'video/mp4' },
    cacheControl: 'private, max-age=3600',
  });

const HOUR_MS = 3600_000;

/**
 * A link a <video> element or a download can use without a bearer token, handed only to those who
 * may see the recording. The expiry is rounded to the hour so a list keeps its URLs for a while.
 */
export function signedRecordingUrl(secret: Uint8Array, filename: string, now = Date.now()): string {
  const expires = Math.ceil((now + 6 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  return signedLink(secret, 'recording', RECORDINGS_PATH, filename, expires);
}
