import path from 'node:path';
import type { Prisma, RoomFile } from '../generated/prisma/client';
import type { Services } from './container';
import { detectFileType, isPlainText, SIGNATURE_BYTES } from '../storage/fileTypes';
import { missingFile, refusedLink, roundedExpiry, signedLink, verifiedFilename } from '../storage/signedLinks';
import { FileTooLargeError, ForbiddenError, NotFoundError, UnsupportedFileTypeError, ValidationError } from './errors';
import { accessibleRoom, isCallRoom } from './rooms';
import { effectivePlan, planNames } from './subscriptions';
import { forgetStoredFiles, recordStoredFiles } from './mediaRegister';
import { quotas } from './limits';
import type { FinishedUpload } from '../storage/resumableUploads';

/** Spec section 9: "group file exchange up to 100 MB" per file. */
export const ROOM_FILE_MAX_MB = 100;
export const ROOM_FILE_MAX_BYTES = ROOM_FILE_MAX_MB * 1024 * 1024;

/** How many leading bytes the content check reads (text files: enough to tell text from binary). */
const CONTENT_CHECK_BYTES = 64 * 1024;

/**
 * What may be shared in a room (the spec lists no types for room files: these are the messenger's
 * attachment types plus office documents). Each extension names the signature its content must
 * carry (`detectFileType`'s extension; office formats are ZIP or OLE containers) or `text`, so an
 * executable renamed to .pdf is refused. Anything not listed (executables, scripts, HTML) is refused.
 */
const ROOM_FILE_TYPES: Record<string, { mime: string; content: string }> = {
  jpg: { mime: 'image/jpeg', content: '.jpg' },
  jpeg: { mime: 'image/jpeg', content: '.jpg' },
  png: { mime: 'image/png', content: '.png' },
  gif: { mime: 'image/gif', content: '.gif' },
  webp: { mime: 'image/webp', content: '.webp' },
  heic: { mime: 'image/heic', content: '.heic' },
  mp4: { mime: 'video/mp4', content: '.mp4' },
  mov: { mime: 'video/quicktime', content: '.mov' },
  webm: { mime: 'video/webm', content: '.webm' },
  mkv: { mime: 'video/x-matroska', content: '.mkv' },
  avi: { mime: 'video/x-msvideo', content: '.avi' },
  wmv: { mime: 'video/x-ms-wmv', content: '.wmv' },
  mp3: { mime: 'audio/mpeg', content: '.mp3' },
  m4a: { mime: 'audio/mp4', content: '.m4a' },
  wav: { mime: 'audio/wav', content: '.wav' },
  ogg: { mime: 'audio/ogg', content: '.ogv' },
  pdf: { mime: 'application/pdf', content: '.pdf' },
  doc: { mime: 'application/msword', content: '.doc' },
  xls: { mime: 'application/vnd.ms-excel', content: '.doc' },
  ppt: { mime: 'application/vnd.ms-powerpoint', content: '.doc' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: '.zip' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: '.zip' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', content: '.zip' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', content: '.zip' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', content: '.zip' },
  odp: { mime: 'application/vnd.oasis.opendocument.presentation', content: '.zip' },
  zip: { mime: 'application/zip', content: '.zip' },
  rar: { mime: 'application/vnd.rar', content: '.rar' },
  txt: { mime: 'text/plain; charset=utf-8', content: 'text' },
  csv: { mime: 'text/csv; charset=utf-8', content: 'text' },
  md: { mime: 'text/markdown; charset=utf-8', content: 'text' },
};

export const ROOM_FILE_EXTENSIONS = Object.keys(ROOM_FILE_TYPES);

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

/** The allowed type a file's name claims; refused (415) when the extension is not allowed. */
function claimedType(name: string) {
  const type = ROOM_FILE_TYPES[extensionOf(name)];
  if (!type) throw new UnsupportedFileTypeError('roomFiles.type', { name, types: ROOM_FILE_EXTENSIONS.join(', ') });
  return type;
}

/**
 * The room, if `userId` shares its files: whoever may enter a class room (its class's members) or a
 * call (its people); a room open to everyone shares its files with its creator and whoever has been
 * in it, not with every member of the site.
 */
export async function roomFileMember(services: Services, userId: number, roomId: number) {
  const room = await accessibleRoom(services, userId, roomId);
  if (room.classId == null && !isCallRoom(room) && room.createdById !== userId) {
    const stay = await services.prisma.roomParticipant.findFirst({ where: { roomId, userId }, select: { id: true } });
    if (!stay) throw new ForbiddenError('roomFiles.notMember');
  }
  return room;
}

const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

/**
 * The member's plan lets them keep `size` more bytes of room files: a plan without storage is
 * refused with the cheapest plan that has it (403), a full quota with its size and what is used
 * (413). The quota is the uploader's: their plan, their files in every room.
 */
async function checkStorageQuota(services: Services, userId: number, name: string, size: number) {
  const { plan, plans } = await effectivePlan(services.prisma, userId);
  if (plan.storageQuotaMb <= 0) {
    const upgrade = plans.find((candidate) => candidate.storageQuotaMb > 0);
    throw new ForbiddenError('roomFiles.planWithoutStorage', {
      plan: planNames(plan),
      upgrade: upgrade ? planNames(upgrade) : '—',
    });
  }
  const used = await services.prisma.roomFile.aggregate({ where: { uploaderId: userId }, _sum: { size: true } });
  const usedBytes = Number(used._sum.size ?? 0);
  if (usedBytes + size > plan.storageQuotaMb * 1024 * 1024) {
    const params = { name, max: plan.storageQuotaMb, plan: planNames(plan), used: megabytes(usedBytes) };
    throw new FileTooLargeError(params, 'roomFiles.quotaExceeded');
  }
}

export type RoomFileUpload = { roomId: number; filename: string; size: number | undefined };

/**
 * Everything known before a byte is sent (tus creation: Upload-Length and the metadata): the room
 * and its membership, the name's type, the size and the plan's quota. Refused here, nothing is stored.
 */
export async function checkRoomFileUpload(services: Services, userId: number, upload: RoomFileUpload) {
  if (!Number.isInteger(upload.roomId) || upload.roomId <= 0 || !upload.filename.trim()) {
    throw new ValidationError([{ path: ['metadata'], messageKey: 'roomFiles.metadata' }]);
  }
  if (upload.size === undefined) throw new ValidationError([{ path: ['Upload-Length'], messageKey: 'roomFiles.lengthRequired' }]);
  await roomFileMember(services, userId, upload.roomId);
  claimedType(upload.filename);
  if (upload.size > ROOM_FILE_MAX_BYTES) throw new FileTooLargeError({ name: upload.filename, max: ROOM_FILE_MAX_MB });
  await checkStorageQuota(services, userId, upload.filename, upload.size);
  await quotas.upload(services, userId);
}

/**
 * A finished upload (`source`, wherever the resumable uploads keep it) joins the room: its content must be what its name says,
 * the checks of creation still hold (the quota may have filled meanwhile), then it moves into the
 * room file store and is recorded (room_files and the media register). The source is removed
 * either way.
 */
export async function addRoomFile(
  services: Services,
  userId: number,
  upload: { roomId: number; filename: string; size: number; source: FinishedUpload },
): Promise<RoomFile> {
  try {
    await roomFileMember(services, userId, upload.roomId);
    const type = claimedType(upload.filename);
    const head = await upload.source.leadingBytes(CONTENT_CHECK_BYTES);
    const matches =
      type.content === 'text'
        ? !detectFileType(head.subarray(0, SIGNATURE_BYTES)) && isPlainText(head, true)
        : detectFileType(head.subarray(0, SIGNATURE_BYTES))?.extension === type.content;
    if (!matches) throw new UnsupportedFileTypeError('roomFiles.content', { name: upload.filename });
    await checkStorageQuota(services, userId, upload.filename, upload.size);
    const filename = await upload.source.moveInto(services.roomFileStore, `.${extensionOf(upload.filename)}`);
    const record = {
      filename,
      originalName: upload.filename.slice(0, 255),
      size: upload.size,
      mimeType: type.mime,
      uploaderId: userId,
    };
    try {
      const created = await services.prisma.$transaction(async (tx) => {
        await recordStoredFiles(tx, [{ kind: 'room_file', ...record }]);
        return tx.roomFile.create({ data: { roomId: upload.roomId, ...record } });
      });
      services.pubsub.publish('room:files', upload.roomId, {});
      return created;
    } catch (error) {
      await services.roomFileStore.remove([filename]);
      throw error;
    }
  } finally {
    await upload.source.discard();
  }
}

/** The room's files, newest first, for its members (`query`: what the GraphQL selection needs). */
export async function listRoomFiles(
  services: Services,
  userId: number,
  roomId: number,
  query: { include?: object; select?: object } = {},
) {
  await roomFileMember(services, userId, roomId);
  return services.prisma.roomFile.findMany({ ...query, where: { roomId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/**
 * Files whose room `userId` shares (for `node`): what roomFileMember admits, as a filter — their
 * own uploads, rooms they made or were in, rooms of their classes.
 */
export const visibleRoomFileWhere = (userId: number) =>
  ({
    room: {
      isActive: true,
      OR: [{ createdById: userId }, { participants: { some: { userId } } }, { meetingClass: { members: { some: { userId } } } }],
    },
  }) satisfies Prisma.RoomFileWhereInput;

/** Who may delete a room file: its uploader, or the room's owner (its creator). */
export const canDeleteRoomFile = (file: Pick<RoomFile, 'uploaderId'>, room: { createdById: number | null }, userId: number) =>
  file.uploaderId === userId || room.createdById === userId;

/** Deletes a file (its uploader or the room's owner): the rows, then the stored file. */
export async function deleteRoomFile(services: Services, userId: number, fileId: number): Promise<void> {
  const file = await services.prisma.roomFile.findUnique({ where: { id: fileId }, include: { room: true } });
  if (!file) throw new NotFoundError('roomFiles.notFound');
  try {
    await roomFileMember(services, userId, file.roomId);
  } catch {
    throw new NotFoundError('roomFiles.notFound');
  }
  if (!canDeleteRoomFile(file, file.room, userId)) throw new ForbiddenError('roomFiles.deleteForbidden');
  await services.prisma.$transaction(async (tx) => {
    await tx.roomFile.delete({ where: { id: fileId } });
    await forgetStoredFiles(tx, [file.filename]);
  });
  services.pubsub.publish('room:files', file.roomId, {});
  await services.roomFileStore.remove([file.filename]);
}

export const ROOM_FILES_PATH = '/zoomvisor/room-files/';
const LINK_TTL_SECONDS = 3600;

/** A download link for a member (signed, expiring within two hours; the list gives fresh ones). */
export function roomFileUrl(secret: Uint8Array, filename: string, now = Date.now()): string {
  return `/api${signedLink(secret, 'room-file', ROOM_FILES_PATH, filename, roundedExpiry(now, LINK_TTL_SECONDS))}`;
}

/** Serves `/zoomvisor/room-files/<name>` (also under /api) when its link is valid; null for other paths. */
export async function serveRoomFile(services: Services, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/^\/api(?=\/)/, '');
  if (!pathname.startsWith(ROOM_FILES_PATH) || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  let requested: string;
  try {
    requested = decodeURIComponent(pathname.slice(ROOM_FILES_PATH.length));
  } catch {
    return refusedLink(request);
  }
  const filename = verifiedFilename(services.tokenSecret, 'room-file', url, requested, (expires) => expires * 1000 <= Date.now());
  if (!filename) return refusedLink(request);
  const row = await services.prisma.roomFile.findUnique({ where: { filename }, select: { originalName: true, mimeType: true } });
  const file = row ? await services.roomFileStore.serve(request, filename) : null;
  if (!row || !file) return missingFile(request);
  // Always a download under its own name: a shared HTML or SVG never renders on our origin.
  file.headers.set('content-type', row.mimeType);
  file.headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.originalName)}`);
  return file;
}
