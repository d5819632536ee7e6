import type { Services } from './container';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from './errors';
import type { MessageKey } from '../i18n';
import { readSetting } from './systemSettings';
import { forgetStoredFiles, recordStoredFiles } from './mediaRegister';
import { derivedName, isStoredName } from '../storage/fileStore';
import { detectFileType, type DetectedFileType } from '../storage/fileTypes';
import {
  ImageTooLargeError,
  imageThumbnail,
  normalizeImage,
  probeVideo,
  UnreadableMediaError,
  videoThumbnail,
} from '../storage/mediaProcessing';

const MB = 1024 * 1024;
const THUMBNAIL_SUFFIX = 'thumb';

/** Files per upload; the largest photo and video are system settings (10 MB and 100 MB unless an admin changes them). */
export const MEDIA_LIMITS = {
  filesPerUpload: 10,
} as const;

/** The largest file of each kind, in bytes, as the system settings say now. */
async function maxBytesByKind(services: Services): Promise<Record<MediaKind, number>> {
  return {
    image: (await readSetting(services, 'photoUploadMaxMb')) * MB,
    video: (await readSetting(services, 'videoUploadMaxMb')) * MB,
  };
}

/** Image types every browser shows; HEIC and AVIF are refused rather than stored unviewable. */
const DISPLAYABLE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

export type MediaKind = 'image' | 'video';

/** One stored upload, with what the database keeps about it. */
export type StoredMedia = {
  filename: string;
  originalName: string;
  fileType: MediaKind;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  thumbnail: string;
};

export type UploadPolicy = {
  kinds: readonly MediaKind[];
  /** The text for a file of another type. */
  wrongTypeKey: MessageKey;
  /** Where the files are recorded in the media library, and who uploaded them. */
  register: { kind: 'publication' | 'gallery'; uploaderId: number };
};

export const mediaUrl = (filename: string) => `/publications/media/${encodeURIComponent(filename)}`;
export const thumbnailUrl = (filename: string) => `${mediaUrl(filename)}?thumbnail=true`;

/** The name as the user sees it in a message, whatever they called the file. */
const displayName = (file: File) => (file.name || 'file').slice(0, 120);

type CheckedUpload = { file: File; bytes: Uint8Array; type: DetectedFileType & { kind: MediaKind } };

/**
 * Checks every file before anything is written: count, size (a file over every limit is refused
 * before it is read) and type (from the content). The first file that fails decides the error, so nothing of a refused batch is kept.
 */
async function checkUploads(services: Services, files: File[], policy: UploadPolicy): Promise<CheckedUpload[]> {
  if (files.length === 0) throw new ValidationError([{ path: ['files'], messageKey: 'upload.noFiles' }]);
  if (files.length > MEDIA_LIMITS.filesPerUpload) {
    throw new ValidationError([{ path: ['files'], messageKey: 'upload.tooMany', params: { max: MEDIA_LIMITS.filesPerUpload } }]);
  }
  const maxBytes = await maxBytesByKind(services);
  const maxBytesOf = (kind: MediaKind) => maxBytes[kind];
  const checked: CheckedUpload[] = [];
  for (const file of files) {
    const name = displayName(file);
    const largest = Math.max(...policy.kinds.map(maxBytesOf));
    if (file.size > largest) throw new FileTooLargeError({ name, max: largest / MB });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectFileType(bytes);
    const kind = type?.kind === 'image' && DISPLAYABLE_IMAGES.has(type.mime) ? 'image' : type?.kind === 'video' ? 'video' : null;
    if (!type || !kind || !policy.kinds.includes(kind)) throw new UnsupportedFileTypeError(policy.wrongTypeKey, { name });
    if (bytes.byteLength > maxBytesOf(kind)) throw new FileTooLargeError({ name, max: maxBytesOf(kind) / MB });
    checked.push({ file, bytes, type: { ...type, kind } });
  }
  return checked;
}

/**
 * Checks, stores and processes uploaded media: images are turned upright and stripped of their
 * metadata, videos are probed; each gets a thumbnail (a resized image, or a frame of the video).
 * On any failure every file written so far is removed again.
 */
export async function storeMediaUploads(services: Services, files: File[], policy: UploadPolicy): Promise<StoredMedia[]> {
  const checked = await checkUploads(services, files, policy);
  const store = services.mediaStore;
  const tools = { ffmpegPath: services.config.ffmpegPath, ffprobePath: services.config.ffprobePath };
  const written: string[] = [];
  try {
    const stored: StoredMedia[] = [];
    for (const { file, bytes, type } of checked) {
      const name = displayName(file);
      try {
        if (type.kind === 'image') {
          const image = await normalizeImage(bytes, type.mime, services.config.maxImagePixels);
          const filename = await store.storeUpload(image.bytes, type);
          written.push(filename);
          const thumbnail = await store.storeDerived(filename, THUMBNAIL_SUFFIX, '.jpg', await imageThumbnail(image.bytes));
          written.push(thumbnail);
          stored.push({
            filename,
            originalName: name,
            fileType: 'image',
            mimeType: type.mime,
            size: image.bytes.byteLength,
            ...image.info,
            durationSeconds: null,
            thumbnail,
          });
        } else {
          const filename = await store.storeUpload(bytes, type);
          written.push(filename);
          const { video, frame } = (await store.withLocalCopy(filename, async (file) => {
            const video = await probeVideo(tools, file);
            return { video, frame: await videoThumbnail(tools, file, video.durationSeconds) };
          }))!;
          const thumbnail = await store.storeDerived(filename, THUMBNAIL_SUFFIX, '.jpg', frame);
          written.push(thumbnail);
          stored.push({
            filename,
            originalName: name,
            fileType: 'video',
            mimeType: type.mime,
            size: bytes.byteLength,
            ...video,
            thumbnail,
          });
        }
      } catch (error) {
        if (error instanceof ImageTooLargeError) {
          throw new FileTooLargeError({ name, max: services.config.maxImagePixels / 1e6 }, 'upload.imageTooLarge');
        }
        if (error instanceof UnreadableMediaError) {
          services.log.debug(`refused upload ${name}: ${error.message}`);
          throw new UnsupportedFileTypeError(type.kind === 'image' ? 'upload.notImage' : 'upload.notVideo', { name });
        }
        throw error;
      }
    }
    await recordStoredFiles(
      services.prisma,
      stored.map((media) => ({
        kind: policy.register.kind,
        filename: media.filename,
        originalName: media.originalName,
        mimeType: media.mimeType,
        size: media.size,
        uploaderId: policy.register.uploaderId,
      })),
    );
    return stored;
  } catch (error) {
    await store.remove(written);
    throw error;
  }
}

/** Removes stored media files and their thumbnails (after their rows are gone), and their media library rows. */
export async function removeMediaFiles(services: Services, media: { filename: string; thumbnail: string | null }[]) {
  await forgetStoredFiles(
    services.prisma,
    media.map((m) => m.filename),
  );
  await services.mediaStore.remove(media.flatMap((m) => [m.filename, m.thumbnail]));
}

/**
 * `GET /publications/media/{name}[?thumbnail=true]`: the stored file, or its thumbnail (an
 * image's own file when it has none). 400 for names that are not stored names (`../x`...).
 */
export async function mediaResponse(services: Services, request: Request, name: string, thumbnail: boolean) {
  const store = services.mediaStore;
  if (!isStoredName(name)) return 'invalid-name' as const;
  if (thumbnail) {
    const derived = await store.serve(request, derivedName(name, THUMBNAIL_SUFFIX, '.jpg'));
    if (derived) return derived;
    if (!/\.(jpg|png|gif|webp)$/.test(name)) return null;
  }
  return store.serve(request, name);
}
