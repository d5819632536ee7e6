import type { MediaFile, StoredFileKind } from '../generated/prisma/client';
import type { Services } from './container';
import { NotFoundError } from './errors';
import { clearReferences, removeStoredFile } from './mediaLibrary';

/**
 * The files section of the social area (issue 21 point 4): the files a member shared, wherever
 * they did (message attachments, voice messages, publication media, gallery items, room files),
 * read from the register every upload path keeps (services/mediaRegister.ts), with where each one
 * was shared; the member deletes their own.
 */

/** What a member shares; avatars, covers and what admins upload are not "shared files". */
export const MEMBER_FILE_KINDS = [
  'attachment',
  'voice',
  'publication',
  'gallery',
  'room_file',
] as const satisfies StoredFileKind[];

export type FilePlace =
  | { kind: 'publication'; id: number; title: string }
  | { kind: 'gallery'; id: number; title: string; video: boolean }
  | { kind: 'conversation'; id: number; title: string; otherUserId: number | null }
  | { kind: 'room'; id: number; title: string }
  | { kind: 'none' };

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
const fullName = (user: { firstName: string; lastName: string; username: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.username;

/**
 * Where each file of a page was shared, in one query per kind present (at most five per page,
 * whatever its size). A file whose place is gone (a deleted message) has `none`.
 */
export async function placesOf(services: Services, viewerId: number, files: readonly Pick<MediaFile, 'kind' | 'filename'>[]) {
  const { prisma } = services;
  const names = (kind: StoredFileKind) => files.filter((file) => file.kind === kind).map((file) => file.filename);
  const places = new Map<string, FilePlace>();
  const [publications, gallery, attachments, roomFiles, voices] = await Promise.all([
    names('publication').length
      ? prisma.publicationMedia.findMany({
          where: { filename: { in: names('publication') } },
          select: { filename: true, publication: { select: { id: true, content: true } } },
        })
      : [],
    names('gallery').length
      ? prisma.galleryItem.findMany({
          where: { filename: { in: names('gallery') } },
          select: { filename: true, id: true, title: true, kind: true },
        })
      : [],
    names('attachment').length
      ? prisma.messageAttachment.findMany({
          where: { filename: { in: names('attachment') } },
          select: {
            filename: true,
            message: {
              select: {
                conversation: {
                  select: {
                    id: true,
                    title: true,
                    directKey: true,
                    participants: {
                      where: { userId: { not: viewerId } },
                      take: 3,
                      select: { user: { select: { id: true, firstName: true, lastName: true, username: true } } },
                    },
                  },
                },
              },
            },
          },
        })
      : [],
    names('room_file').length
      ? prisma.roomFile.findMany({
          where: { filename: { in: names('room_file') } },
          select: { filename: true, room: { select: { id: true, name: true } } },
        })
      : [],
    names('voice').length
      ? prisma.roomChatMessage.findMany({
          where: { OR: names('voice').map((name) => ({ voiceUrl: { contains: name } })) },
          select: { voiceUrl: true, room: { select: { id: true, name: true } } },
        })
      : [],
  ]);
  for (const { filename, publication } of publications) {
    if (publication) places.set(filename, { kind: 'publication', id: publication.id, title: excerpt(publication.content) });
  }
  for (const item of gallery) {
    places.set(item.filename, { kind: 'gallery', id: item.id, title: item.title, video: item.kind === 'video' });
  }
  for (const { filename, message } of attachments) {
    const { conversation } = message;
    const others = conversation.participants.map((participant) => participant.user);
    places.set(filename, {
      kind: 'conversation',
      id: conversation.id,
      title: conversation.title ?? others.map(fullName).join(', '),
      otherUserId: conversation.directKey ? (others[0]?.id ?? null) : null,
    });
  }
  for (const { filename, room } of roomFiles) places.set(filename, { kind: 'room', id: room.id, title: room.name });
  for (const name of names('voice')) {
    const voice = voices.find((message) => message.voiceUrl?.includes(name));
    if (voice) places.set(name, { kind: 'room', id: voice.room.id, title: voice.room.name });
  }
  return files.map((file): FilePlace => places.get(file.filename) ?? { kind: 'none' });
}

/**
 * A member deletes a file they shared: it leaves the place it was shared in (the publication or
 * the message keeps its text, a gallery item or room file goes), then storage. Someone else's file
 * is NotFoundError, as if it did not exist.
 */
export async function deleteMemberFile(services: Services, viewerId: number, id: number): Promise<void> {
  const file = await services.prisma.$transaction(async (tx) => {
    const found = await tx.mediaFile.findFirst({ where: { id, uploaderId: viewerId, kind: { in: [...MEMBER_FILE_KINDS] } } });
    if (!found) throw new NotFoundError('media.notFound');
    // The admin's deletion leaves a placeholder where publication media and attachments were; a
    // member removing their own file expects it gone from there too.
    if (found.kind === 'publication') await tx.publicationMedia.deleteMany({ where: { filename: found.filename } });
    if (found.kind === 'attachment') await tx.messageAttachment.deleteMany({ where: { filename: found.filename } });
    const room = found.kind === 'room_file' ? await tx.roomFile.findUnique({ where: { filename: found.filename } }) : null;
    await clearReferences(tx, found);
    await tx.mediaFile.delete({ where: { id } });
    return { found, roomId: room?.roomId ?? null };
  });
  if (file.roomId !== null) services.pubsub.publish('room:files', file.roomId, {});
  await removeStoredFile(services, file.found);
}
