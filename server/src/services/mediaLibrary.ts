import path from 'node:path';
import { z } from 'zod';
import type { MediaFile, Prisma } from '../generated/prisma/client';
import type { Services } from './container';
import { audited, type AuditActor } from './audit';
import { NotFoundError } from './errors';
import { rules } from './validation';
import { derivedName, type FileStore } from '../storage/fileStore';
import { signedVoiceUrl } from '../storage/voiceMessages';
import { mp4NameOf, signedRecordingUrl } from '../storage/recordings';
import { attachmentUrl } from './messageAttachments';
import { roomFileUrl } from './roomFiles';
import { mediaUrl } from './media';
import { LANDING_IMAGES_PATH } from './landing';
import { brandingUrl } from './branding';

/**
 * The media library: admins list, describe and delete every stored file of the platform, from
 * the register `media_files` (kept by every upload path through services/mediaRegister.ts).
 */

/** The spec's type, read from the extension: jpg, jpeg, png, gif, webp image; mp4, avi, mov, wmv video; pdf; otherwise file. */
export type MediaTypeLabel = 'image' | 'video' | 'pdf' | 'file';

export function mediaTypeOf(filename: string): MediaTypeLabel {
  const extension = path.extname(filename).slice(1).toLowerCase();
  if (['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(extension)) return 'image';
  if (['mp4', 'avi', 'mov', 'wmv'].includes(extension)) return 'video';
  if (extension === 'pdf') return 'pdf';
  return 'file';
}

/** Where the avatar and cover URLs kept on users point (see services/profiles.ts). */
const profileImageUrl = (kind: 'avatar' | 'cover', filename: string) => `/uploads/${kind}s/${filename}`;

/** Kinds whose files live in a store of this server, with their derived files (thumbnails). */
function storedFilesOf(
  services: Services,
  file: Pick<MediaFile, 'kind' | 'filename'>,
): { store: FileStore; names: string[] } | null {
  switch (file.kind) {
    case 'avatar':
      return { store: services.profileImageStores.avatars, names: [file.filename] };
    case 'cover':
      return { store: services.profileImageStores.covers, names: [file.filename] };
    case 'publication':
    case 'gallery':
      return { store: services.mediaStore, names: [file.filename, derivedName(file.filename, 'thumb', '.jpg')] };
    case 'attachment':
      return { store: services.attachmentStore, names: [file.filename] };
    case 'voice':
      return { store: services.voiceStore, names: [file.filename] };
    case 'room_file':
      return { store: services.roomFileStore, names: [file.filename] };
    case 'landing':
      return { store: services.landingImageStore, names: [file.filename] };
    case 'recording':
      return { store: services.recordingStore, names: [file.filename, mp4NameOf(file.filename)] };
    case 'branding':
      return { store: services.brandingStore, names: [file.filename] };
    default:
      return null;
  }
}

/** The URL a browser loads the file from (signed, for private files); null for kinds served elsewhere. */
export function mediaFileUrl(services: Services, file: Pick<MediaFile, 'kind' | 'filename'>): string | null {
  switch (file.kind) {
    case 'avatar':
    case 'cover':
      return profileImageUrl(file.kind, file.filename);
    case 'publication':
    case 'gallery':
      return mediaUrl(file.filename);
    case 'attachment':
      return attachmentUrl(services.tokenSecret, file.filename);
    case 'voice':
      return signedVoiceUrl(services.tokenSecret, file.filename);
    case 'room_file':
      return roomFileUrl(services.tokenSecret, file.filename);
    case 'branding':
      return brandingUrl(file.filename);
    case 'landing':
      return `${LANDING_IMAGES_PATH}${file.filename}`;
    case 'recording':
      return signedRecordingUrl(services.tokenSecret, file.filename);
    default:
      return null;
  }
}

/** What an admin edits; left out (null): unchanged, blank description or alt text: none. */
export const updateMediaFileInput = z.object({
  filename: rules
    .requiredText(255)
    .refine((value) => !/[/\\]/.test(value), 'media.filenameInvalid')
    .nullish(),
  description: rules.optionalText(1000),
  altText: rules.optionalText(500),
});

export type MediaFileChanges = {
  filename?: string | null;
  description?: string | null;
  altText?: string | null;
};

/** What the audit log keeps of a file. */
const snapshot = (file: MediaFile) => ({
  id: file.id,
  kind: file.kind,
  filename: file.filename,
  displayName: file.displayName,
  originalName: file.originalName,
  description: file.description,
  altText: file.altText,
  size: file.size,
  uploaderId: file.uploaderId,
});

/** An admin renames (the shown name), describes or sets the alt text of a file. */
export async function updateMediaFile(
  services: Services,
  actor: AuditActor,
  id: number,
  changes: MediaFileChanges,
): Promise<MediaFile> {
  return audited(services.prisma, { actor, action: 'media.update', targetType: 'media', targetId: id }, async (tx) => {
    const before = await tx.mediaFile.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('media.notFound');
    const data: Prisma.MediaFileUpdateInput = {};
    if (changes.filename != null) data.displayName = changes.filename;
    if (changes.description !== undefined) data.description = changes.description;
    if (changes.altText !== undefined) data.altText = changes.altText;
    const after = await tx.mediaFile.update({ where: { id }, data });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

/** Clears what showed a file, so the places degrade cleanly: a profile falls back to initials, a logo to the default. */
export async function clearReferences(tx: Prisma.TransactionClient, file: MediaFile): Promise<void> {
  switch (file.kind) {
    case 'avatar':
      await tx.user.updateMany({ where: { avatarImage: profileImageUrl('avatar', file.filename) }, data: { avatarImage: null } });
      return;
    case 'cover':
      await tx.user.updateMany({ where: { coverImage: profileImageUrl('cover', file.filename) }, data: { coverImage: null } });
      return;
    case 'gallery':
      await tx.galleryItem.deleteMany({ where: { filename: file.filename } });
      return;
    case 'room_file':
      await tx.roomFile.deleteMany({ where: { filename: file.filename } });
      return;
    case 'branding':
      await tx.brandingAsset.deleteMany({ where: { filename: file.filename } });
      return;
    case 'recording':
      await tx.recording.deleteMany({ where: { filename: file.filename } });
      return;
    case 'landing':
      await tx.landingPage.updateMany({ where: { heroImage: { endsWith: `/${file.filename}` } }, data: { heroImage: null } });
      return;
    default:
      // Publication media, message attachments and voice messages keep their place in the
      // publication or conversation; the file is gone, so the page shows a placeholder.
      return;
  }
}

/**
 * An admin deletes a file: its row and what pointed at it go in one audited transaction, then the
 * file (and its thumbnail) leaves storage. A file already gone is NotFoundError.
 */
export async function deleteMediaFile(services: Services, actor: AuditActor, id: number): Promise<void> {
  const file = await audited(
    services.prisma,
    { actor, action: 'media.delete', targetType: 'media', targetId: id },
    async (tx) => {
      const before = await tx.mediaFile.findUnique({ where: { id } });
      if (!before) throw new NotFoundError('media.notFound');
      await clearReferences(tx, before);
      await tx.mediaFile.delete({ where: { id } });
      return { result: before, before: snapshot(before), after: null };
    },
  );
  await removeStoredFile(services, file);
}

/** Removes a file (and what was derived from it: thumbnails, the MP4 of a recording) from its store. */
export async function removeStoredFile(services: Services, file: Pick<MediaFile, 'kind' | 'filename'>): Promise<void> {
  const stored = storedFilesOf(services, file);
  await stored?.store.remove(stored.names);
}
