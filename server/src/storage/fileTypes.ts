/**
 * What an uploaded file really is, read from its first bytes ("magic numbers"), never from the
 * name or the Content-Type the browser sent: a script renamed to .jpg is not an image.
 */
export type FileKind = 'image' | 'video' | 'audio' | 'document' | 'archive';

export type DetectedFileType = {
  mime: string;
  /** The extension stored files of this type get, with the dot. */
  extension: string;
  kind: FileKind;
};

/** How many leading bytes detectFileType looks at. */
export const SIGNATURE_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const type = (mime: string, extension: string, kind: FileKind): DetectedFileType => ({ mime, extension, kind });

/** ISO base media files (MP4, MOV, HEIC, AVIF...) name their flavour in the `ftyp` box. */
function isoMediaType(bytes: Uint8Array): DetectedFileType | null {
  if (bytes.length < 12 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 4);
  if (brand === 'qt  ') return type('video/quicktime', '.mov', 'video');
  if (brand.startsWith('M4A') || brand.startsWith('M4B')) return type('audio/mp4', '.m4a', 'audio');
  if (brand === 'avif' || brand === 'avis') return type('image/avif', '.avif', 'image');
  if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return type('image/heic', '.heic', 'image');
  return type('video/mp4', '.mp4', 'video');
}

export function detectFileType(input: Uint8Array): DetectedFileType | null {
  const bytes = input.subarray(0, SIGNATURE_BYTES);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return type('image/jpeg', '.jpg', 'image');
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('image/png', '.png', 'image');
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return type('image/gif', '.gif', 'image');
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const format = ascii(bytes, 8, 4);
    if (format === 'WEBP') return type('image/webp', '.webp', 'image');
    if (format === 'AVI ') return type('video/x-msvideo', '.avi', 'video');
    if (format === 'WAVE') return type('audio/wav', '.wav', 'audio');
    return null;
  }
  const iso = isoMediaType(bytes);
  if (iso) return iso;
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // Matroska; WebM declares its DocType near the start of the EBML header.
    return ascii(bytes, 0, bytes.length).includes('webm')
      ? type('video/webm', '.webm', 'video')
      : type('video/x-matroska', '.mkv', 'video');
  }
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return type('video/x-ms-wmv', '.wmv', 'video');
  if (ascii(bytes, 0, 4) === 'OggS') return type('video/ogg', '.ogv', 'video');
  if (ascii(bytes, 0, 5) === '%PDF-') return type('application/pdf', '.pdf', 'document');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return type('application/zip', '.zip', 'archive');
  if (ascii(bytes, 0, 6) === 'Rar!\x1a\x07') return type('application/vnd.rar', '.rar', 'archive');
  // The OLE compound file of Word 97-2003 (.doc) and its siblings.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return type('application/msword', '.doc', 'document');
  if (
    ascii(bytes, 0, 3) === 'ID3' ||
    startsWith(bytes, [0xff, 0xfb]) ||
    startsWith(bytes, [0xff, 0xf3]) ||
    startsWith(bytes, [0xff, 0xf2])
  ) {
    return type('audio/mpeg', '.mp3', 'audio');
  }
  return null;
}

/**
 * Plain text (which has no signature): valid UTF-8 without NUL bytes (binary files nearly always
 * have some). `leading`: the bytes are the start of a longer file, so a character cut at their end is fine.
 */
export function isPlainText(bytes: Uint8Array, leading = false): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: leading });
    return true;
  } catch {
    return false;
  }
}

/** Content-Type of a stored file, from the extension storeUpload gave it. */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  // Only branding images are stored as SVG (sanitised) or ICO.
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.ogv': 'video/ogg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.rar': 'application/vnd.rar',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.mp3': 'audio/mpeg',
  '.txt': 'text/plain; charset=utf-8',
};

export const mimeOfExtension = (extension: string) => MIME_BY_EXTENSION[extension.toLowerCase()] ?? 'application/octet-stream';
