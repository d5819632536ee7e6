import type { Services } from './container';
import { detectFileType, isPlainText, SIGNATURE_BYTES, type DetectedFileType } from '../storage/fileTypes';
import { missingFile, refusedLink, roundedExpiry, signedLink, verifiedFilename } from '../storage/signedLinks';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from './errors';

/** What the messenger accepts (spec section 2, "Chat input bar"), and how much. */
export const ATTACHMENT_LIMITS = { maxBytes: 25 * 1024 * 1024, maxFiles: 10 } as const;

/** How long a link to an attachment works; the client gets a fresh one with every read. */
const LINK_TTL_SECONDS = 3600;

export type CheckedAttachment = { bytes: Uint8Array; type: DetectedFileType; originalName: string; size: number };

const DOCX = {
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: '.docx',
  kind: 'document',
} as const;
const TEXT = { mime: 'text/plain; charset=utf-8', extension: '.txt', kind: 'document' } as const;

/**
 * The type of an attachment from its content: images, video, audio, PDF, DOC, ZIP and RAR by their
 * signature; DOCX is a ZIP named .docx; TXT has no signature, so it must be UTF-8 text named .txt.
 */
function attachmentType(bytes: Uint8Array, name: string): DetectedFileType | null {
  const detected = detectFileType(bytes.subarray(0, SIGNATURE_BYTES));
  const lower = name.toLowerCase();
  if (detected?.extension === '.zip' && lower.endsWith('.docx')) return DOCX;
  if (detected) return ['image', 'video', 'audio', 'document', 'archive'].includes(detected.kind) ? detected : null;
  if (lower.endsWith('.txt') && isPlainText(bytes)) return TEXT;
  return null;
}

/** Checks every file before anything is stored: count, size, then content. */
export async function checkAttachments(files: File[]): Promise<CheckedAttachment[]> {
  if (files.length > ATTACHMENT_LIMITS.maxFiles) {
    throw new ValidationError([
      { path: ['attachments'], messageKey: 'upload.tooMany', params: { max: ATTACHMENT_LIMITS.maxFiles } },
    ]);
  }
  const checked: CheckedAttachment[] = [];
  for (const file of files) {
    const name = file.name || 'file';
    if (file.size > ATTACHMENT_LIMITS.maxBytes) {
      throw new FileTooLargeError({ name, max: ATTACHMENT_LIMITS.maxBytes / 1024 / 1024 });
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = attachmentType(bytes, name);
    if (!type) throw new UnsupportedFileTypeError('messages.attachmentType', { name });
    checked.push({ bytes, type, originalName: name.slice(0, 255), size: bytes.length });
  }
  return checked;
}

export const ATTACHMENTS_PATH = '/messages/attachments/';

/**
 * Attachments are private to the conversation: their links are signed and expire, so an <img> or
 * a download can fetch them without a bearer token and nobody can guess or keep one.
 */
export function attachmentUrl(secret: Uint8Array, filename: string, now = Date.now()): string {
  return signedLink(secret, 'attachment', ATTACHMENTS_PATH, filename, roundedExpiry(now, LINK_TTL_SECONDS));
}

/** Serves `/messages/attachments/<name>` when its link is valid; null for other paths. */
export async function serveAttachment(services: Services, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/api(?=\/)/, '');
  if (!path.startsWith(ATTACHMENTS_PATH) || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const filename = verifiedFilename(
    services.tokenSecret,
    'attachment',
    url,
    decodeURIComponent(path.slice(ATTACHMENTS_PATH.length)),
    (expires) => expires * 1000 <= Date.now(),
  );
  if (!filename) return refusedLink(request);
  const row = await services.prisma.messageAttachment.findUnique({
    where: { filename },
    select: { originalName: true, mimeType: true },
  });
  const file = row ? await services.attachmentStore.serve(request, filename) : null;
  if (!row || !file) return missingFile(request);
  // Media plays in the page; anything else downloads under its own name.
  const inline = /^(image|video|audio)\//.test(row.mimeType);
  file.headers.set(
    'content-disposition',
    `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
  );
  file.headers.set('cache-control', 'private, max-age=3600');
  return file;
}
