import { z } from 'zod';
import type { GalleryItem, PublicationMedia } from '../generated/prisma/client';
import type { Services } from './container';
import { ForbiddenError, NotFoundError, ValidationError } from './errors';
import { removeMediaFiles, storeMediaUploads, type MediaKind } from './media';

export type GalleryKind = 'photo' | 'video';

/** Spec section 9: a gallery title from a publication is its first 30 characters. */
export const GALLERY_TITLE_LENGTH = 30;
export const GALLERY_TITLE_MAX_LENGTH = 200;
export const galleryTitle = z.string().trim().max(GALLERY_TITLE_MAX_LENGTH, 'validation.tooLong');

/**
 * One picture or video of a member's gallery. Two sources fill it: files uploaded to the gallery
 * itself (GalleryItem rows) and the media of the member's own publications.
 */
export type GalleryEntry = {
  source: 'upload' | 'publication';
  id: number;
  kind: GalleryKind;
  filename: string;
  thumbnail: string | null;
  mimeType: string | null;
  /** The stored title, or the start of the publication's text; null means untitled. */
  title: string | null;
  uploadDate: Date;
  durationSeconds: number | null;
  publicationId: number | null;
};

const MEDIA_KIND: Record<GalleryKind, MediaKind> = { photo: 'image', video: 'video' };
// Entries sort by date, then by this rank, then by id (all descending): a total order for cursors.
const SOURCE_RANK = { upload: 1, publication: 0 } as const;

type Cursor = { date: Date; source: GalleryEntry['source']; id: number };

export const encodeGalleryCursor = (entry: Pick<GalleryEntry, 'uploadDate' | 'source' | 'id'>) =>
  Buffer.from(`${entry.uploadDate.toISOString()}|${entry.source}|${entry.id}`).toString('base64url');

function decodeCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  const [date, source, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const parsed = { date: new Date(date ?? ''), source: source as Cursor['source'], id: Number(id) };
  if (Number.isNaN(parsed.date.getTime()) || !(parsed.source in SOURCE_RANK) || !Number.isInteger(parsed.id)) {
    throw new ValidationError([{ path: ['after'], messageKey: 'validation.invalidInput' }]);
  }
  return parsed;
}

const compare = (a: GalleryEntry, b: GalleryEntry) =>
  b.uploadDate.getTime() - a.uploadDate.getTime() || SOURCE_RANK[b.source] - SOURCE_RANK[a.source] || b.id - a.id;

/** The rows of one source that come after the cursor in the shared order. */
function after(cursor: Cursor | null, source: GalleryEntry['source'], dateField: 'uploadDate' | 'createdAt') {
  if (!cursor) return {};
  const rank = SOURCE_RANK[source];
  const cursorRank = SOURCE_RANK[cursor.source];
  if (rank < cursorRank) return { [dateField]: { lte: cursor.date } };
  if (rank > cursorRank) return { [dateField]: { lt: cursor.date } };
  return { OR: [{ [dateField]: { lt: cursor.date } }, { [dateField]: cursor.date, id: { lt: cursor.id } }] };
}

const uploadEntry = (item: GalleryItem): GalleryEntry => ({
  source: 'upload',
  id: item.id,
  kind: item.kind,
  filename: item.filename,
  thumbnail: item.thumbnail,
  mimeType: item.mimeType,
  title: item.title.trim() || null,
  uploadDate: item.uploadDate,
  durationSeconds: item.durationSeconds,
  publicationId: null,
});

const publicationEntry = (
  media: PublicationMedia & { publication: { content: string } | null },
  kind: GalleryKind,
): GalleryEntry => ({
  source: 'publication',
  id: media.id,
  kind,
  filename: media.filename,
  thumbnail: media.thumbnail,
  mimeType: media.mimeType,
  title: media.publication?.content.trim().slice(0, GALLERY_TITLE_LENGTH).trim() || null,
  uploadDate: media.createdAt,
  durationSeconds: media.durationSeconds,
  publicationId: media.publicationId,
});

/** A page of the gallery, newest first: two keyset queries (one per source) merged. */
export async function galleryPage(services: Services, ownerId: number, kind: GalleryKind, first: number, cursor?: string | null) {
  const position = decodeCursor(cursor);
  const take = first + 1;
  const [uploads, published] = await Promise.all([
    services.prisma.galleryItem.findMany({
      where: { ownerId, kind, ...after(position, 'upload', 'uploadDate') },
      orderBy: [{ uploadDate: 'desc' }, { id: 'desc' }],
      take,
    }),
    services.prisma.publicationMedia.findMany({
      where: {
        uploaderId: ownerId,
        publicationId: { not: null },
        fileType: MEDIA_KIND[kind],
        ...after(position, 'publication', 'createdAt'),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
      include: { publication: { select: { content: true } } },
    }),
  ]);
  const entries = [...uploads.map(uploadEntry), ...published.map((media) => publicationEntry(media, kind))].sort(compare);
  return { entries: entries.slice(0, first), hasNextPage: entries.length > first };
}

/** Photos (images only) or videos (videos only) uploaded straight to the gallery, several at once. */
export async function uploadGalleryMedia(
  services: Services,
  ownerId: number,
  kind: GalleryKind,
  files: File[],
  title?: string | null,
) {
  const stored = await storeMediaUploads(
    services,
    files,
    kind === 'photo'
      ? { kinds: ['image'], wrongTypeKey: 'upload.notImage', register: { kind: 'gallery', uploaderId: ownerId } }
      : { kinds: ['video'], wrongTypeKey: 'upload.notVideo', register: { kind: 'gallery', uploaderId: ownerId } },
  );
  const now = Date.now();
  try {
    await services.prisma.galleryItem.createMany({
      data: stored.map((media, index) => ({
        ownerId,
        kind,
        title: title ?? '',
        filename: media.filename,
        mimeType: media.mimeType,
        size: media.size,
        thumbnail: media.thumbnail,
        durationSeconds: media.durationSeconds,
        // Distinct instants keep the files in the order they were chosen (newest first shows the last one on top).
        uploadDate: new Date(now + index),
      })),
    });
  } catch (error) {
    await removeMediaFiles(services, stored);
    throw error;
  }
  const items = await services.prisma.galleryItem.findMany({
    where: { filename: { in: stored.map((media) => media.filename) } },
    orderBy: [{ uploadDate: 'desc' }, { id: 'desc' }],
  });
  return items.map(uploadEntry);
}

export async function deleteGalleryItem(services: Services, viewerId: number, id: number) {
  const item = await services.prisma.galleryItem.findUnique({
    where: { id },
    select: { ownerId: true, filename: true, thumbnail: true },
  });
  if (!item) throw new NotFoundError('gallery.notFound');
  if (item.ownerId !== viewerId) throw new ForbiddenError();
  await services.prisma.galleryItem.delete({ where: { id } });
  await removeMediaFiles(services, [item]);
}
