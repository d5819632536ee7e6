import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

export const IMAGE_MIME: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const IMAGE_EXTENSION: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };

const startsWith = (buffer: Uint8Array, bytes: number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);

/**
 * The image type a file's first bytes (its magic number) say it is, whatever its name or the
 * browser-declared type claim; null for anything else.
 */
export function detectImageType(buffer: Uint8Array): ImageType | null {
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0x47, 0x49, 0x46, 0x38])) return 'gif'; // GIF8(7|9)a
  if (startsWith(buffer, [0x52, 0x49, 0x46, 0x46]) && startsWith(buffer, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export type ResizeOptions = {
  width: number;
  height: number;
  /** `cover` crops to exactly width x height (avatars); `inside` keeps the whole picture within the box. */
  fit: 'cover' | 'inside';
  /** Output type; by default JPEG, or PNG when the source has transparency. */
  format?: ImageType;
};

/** Larger pictures are refused rather than decoded (a small file can expand into gigabytes of pixels). */
const MAX_INPUT_PIXELS = 60_000_000;

export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The image cannot be decoded', { cause });
  }
}

/**
 * Decodes, turns upright (EXIF orientation), resizes (never enlarges) and re-encodes an image;
 * metadata such as GPS position is dropped. Throws UnreadableImageError when the bytes are not a
 * decodable picture, even if their magic number looked right.
 */
export async function resizeImage(
  input: Uint8Array,
  options: ResizeOptions,
): Promise<{ data: Buffer; type: ImageType; width: number; height: number }> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const type: ImageType = options.format ?? (meta.hasAlpha ? 'png' : 'jpeg');
    let pipeline = image
      .rotate()
      .resize({ width: options.width, height: options.height, fit: options.fit, withoutEnlargement: true });
    pipeline =
      type === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'webp'
          ? pipeline.webp({ quality: 82 })
          : type === 'gif'
            ? pipeline.gif()
            : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, type, width: info.width, height: info.height };
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
