import fs from 'node:fs/promises';
import { z } from 'zod';
import type { Prisma, Recording } from '../generated/prisma/client';
import type { Services } from './container';
import {
  ConflictError,
  FileTooLargeError,
  ForbiddenError,
  NotFoundError,
  UnsupportedFileTypeError,
  ValidationError,
} from './errors';
import { signalRoom } from './callEvents';
import { effectivePlan, planNames } from './subscriptions';
import { forgetStoredFiles, recordStoredFiles } from './mediaRegister';
import { rules, toValidationError } from './validation';
import { missingFile, refusedLink, verifiedFilename } from '../storage/signedLinks';
import { hasFfmpeg, probeAudioSeconds, remux, transcodeToMp4 } from '../storage/mediaProcessing';
import {
  mp4NameOf,
  RECORDING_FORMATS,
  RECORDINGS_PATH,
  sourceNameOf,
  startsLike,
  type RecordingMimeType,
} from '../storage/recordings';

/**
 * Meeting recordings. The recorder's browser composes the stage and uploads it in pieces while it
 * records (so a tab closed late loses at most the last few seconds); stopping, or the recorder
 * leaving the room, finishes the file. Who sees a recording: the member who made it and the
 * creator of the room it was made in; only the one who made it renames or deletes it.
 */

/** One piece of a recording (the browser sends one every few seconds). */
export const RECORDING_CHUNK_MAX_BYTES = 16 * 1024 * 1024;
/** A whole recording (the size column is a 32-bit integer; about four hours of a composed HD stage). */
export const RECORDING_MAX_BYTES = 2000 * 1024 * 1024;

export const RECORDING_MIME_TYPES = Object.keys(RECORDING_FORMATS) as RecordingMimeType[];

const renameInput = z.object({ title: rules.requiredText(200, 'recordings.titleRequired') });

const mediaTools = (services: Services) => ({
  ffmpegPath: services.config.ffmpegPath,
  ffprobePath: services.config.ffprobePath,
});

/** Recordings `userId` may see: their own and those made in rooms they created. */
export const visibleRecordingWhere = (userId: number): Prisma.RecordingWhereInput => ({
  status: 'ready',
  OR: [{ createdById: userId }, { room: { createdById: userId } }],
});

/** Refuses a member whose plan does not include recording, naming the cheapest plan that does. */
export async function checkRecordingAllowed(services: Services, userId: number) {
  const { plan, plans } = await effectivePlan(services.prisma, userId);
  const allows = (features: unknown) => Array.isArray(features) && features.includes('recording');
  if (allows(plan.features)) return;
  const upgrade = plans.find((candidate) => allows(candidate.features));
  throw new ForbiddenError('recordings.planRequired', { plan: planNames(plan), upgrade: upgrade ? planNames(upgrade) : '—' });
}

/** The member's recording in progress, or NotFoundError (someone else's is not theirs to add to). */
async function ownRecording(services: Services, userId: number, recordingId: number) {
  const recording = await services.prisma.recording.findFirst({ where: { id: recordingId, createdById: userId } });
  if (!recording) throw new NotFoundError('recordings.notFound');
  return recording;
}

/** Starts recording the room the member is in; the others in it are told (and see the badge). */
export async function startRecording(
  services: Services,
  userId: number,
  input: { roomId: number; mimeType: RecordingMimeType },
): Promise<Recording> {
  const { prisma } = services;
  const participation = await prisma.roomParticipant.findFirst({
    where: { roomId: input.roomId, userId, leftAt: null },
    select: { room: { select: { name: true } } },
  });
  if (!participation) throw new ForbiddenError('meeting.notInRoom');
  await checkRecordingAllowed(services, userId);
  const recording = await prisma.$transaction(async (tx) => {
    // One recording of a room at a time: two starts take turns on the room's row.
    await tx.$queryRaw`SELECT id FROM rooms WHERE id = ${input.roomId} FOR UPDATE`;
    const running = await tx.recording.findFirst({ where: { roomId: input.roomId, status: 'recording' }, select: { id: true } });
    if (running) throw new ConflictError('roomId', 'recordings.alreadyRecording');
    return tx.recording.create({
      data: {
        roomId: input.roomId,
        createdById: userId,
        title: participation.room.name.slice(0, 200),
        mimeType: input.mimeType,
        filename: `${crypto.randomUUID()}${RECORDING_FORMATS[input.mimeType].extension}`,
      },
    });
  });
  await signalRoom(services, input.roomId, userId, 'RECORDING_STARTED', { recordingId: recording.id });
  return recording;
}

/**
 * Adds piece number `sequence` (from 0) to a recording in progress. A piece already received (a
 * retry after a lost answer) changes nothing; a piece after a missing one is refused with the
 * number expected, so the browser resends from there.
 */
export async function appendRecordingChunk(
  services: Services,
  userId: number,
  input: { recordingId: number; sequence: number; chunk: File | null },
): Promise<Recording> {
  const { prisma, recordingStore } = services;
  await ownRecording(services, userId, input.recordingId);
  if (!input.chunk) throw new ValidationError([{ path: ['chunk'], messageKey: 'recordings.chunkRequired' }]);
  if (input.chunk.size > RECORDING_CHUNK_MAX_BYTES) {
    throw new FileTooLargeError({ name: input.chunk.name || 'chunk', max: RECORDING_CHUNK_MAX_BYTES / 1024 / 1024 });
  }
  const bytes = new Uint8Array(await input.chunk.arrayBuffer());
  return prisma.$transaction(async (tx) => {
    // Pieces of one recording take turns: each one is written where the previous one ended.
    await tx.$queryRaw`SELECT id FROM recordings WHERE id = ${input.recordingId} FOR UPDATE`;
    const recording = await tx.recording.findUniqueOrThrow({ where: { id: input.recordingId } });
    if (recording.status !== 'recording') throw new ConflictError('recordingId', 'recordings.finished');
    if (input.sequence < recording.nextSequence) return recording;
    if (input.sequence > recording.nextSequence) throw new ConflictError('sequence', 'recordings.chunkMissing');
    if (recording.size + bytes.length > RECORDING_MAX_BYTES) {
      throw new FileTooLargeError({ name: recording.title, max: RECORDING_MAX_BYTES / 1024 / 1024 }, 'recordings.tooLarge');
    }
    if (input.sequence === 0 && !startsLike(recording.mimeType as RecordingMimeType, bytes)) {
      throw new UnsupportedFileTypeError('recordings.notVideo');
    }
    await recordingStore.writeGrowing(recording.filename, recording.size, bytes);
    return tx.recording.update({
      where: { id: recording.id },
      data: { nextSequence: { increment: 1 }, size: { increment: bytes.length } },
    });
  });
}

/**
 * Finishes a recording: the pieces become the stored file (rewritten by ffmpeg when present, which
 * gives a WebM its duration and seek index), its length is measured, it enters the media register
 * and the room is told. A recording without any piece is dropped (null). Finishing twice is harmless.
 */
export async function stopRecording(services: Services, userId: number, recordingId: number): Promise<Recording | null> {
  const recording = await ownRecording(services, userId, recordingId);
  return finishRecording(services, recording);
}

async function finishRecording(services: Services, recording: Recording): Promise<Recording | null> {
  const { prisma, recordingStore } = services;
  // Whoever flips the status finishes the file; a second stop (or the recorder leaving at once) answers what is there.
  const { count } = await prisma.recording.updateMany({
    where: { id: recording.id, status: 'recording' },
    data: { status: 'ready', endedAt: new Date() },
  });
  if (count === 0) return prisma.recording.findUnique({ where: { id: recording.id } });
  if (recording.createdById) {
    await signalRoom(services, recording.roomId, recording.createdById, 'RECORDING_STOPPED', { recordingId: recording.id });
  }
  if (recording.nextSequence === 0) {
    await prisma.recording.delete({ where: { id: recording.id } });
    await recordingStore.remove([recording.filename]);
    return null;
  }
  const { filename } = recording;
  const tools = mediaTools(services);
  const withFfmpeg = await hasFfmpeg(tools);
  const { size, measured } = await recordingStore.completeGrowing(filename, async (growing, scratch) => {
    let keep = growing;
    if (recording.mimeType === 'video/webm' && withFfmpeg) {
      keep = await remux(tools, growing, scratch, 'webm').then(
        () => scratch,
        (error: unknown) => {
          services.log.warn(`recording ${recording.id} kept as uploaded: ffmpeg could not rewrite it`, error);
          return growing;
        },
      );
    }
    const size = (await fs.stat(keep)).size;
    return { keep, result: { size, measured: withFfmpeg ? await probeAudioSeconds(tools, keep, 'v:0') : null } };
  });
  // Without ffprobe (or a file it cannot read), the time between start and stop.
  const seconds = measured ?? (Date.now() - recording.createdAt.getTime()) / 1000;
  return prisma.$transaction(async (tx) => {
    await recordStoredFiles(tx, [
      {
        kind: 'recording',
        filename,
        originalName: `${recording.title}${filename.slice(filename.lastIndexOf('.'))}`,
        mimeType: recording.mimeType,
        size,
        uploaderId: recording.createdById,
      },
    ]);
    return tx.recording.update({
      where: { id: recording.id },
      data: { size, durationSeconds: Math.max(1, Math.round(seconds)) },
    });
  });
}

/** The member's recordings still running in `roomId` are finished (they left it, or their tab closed). */
export async function finishRecordingsOnLeave(services: Services, userId: number, roomId: number) {
  const running = await services.prisma.recording.findMany({ where: { roomId, createdById: userId, status: 'recording' } });
  for (const recording of running) {
    services.background.run('recording finish', () => finishRecording(services, recording).then(() => undefined));
  }
}

/** The one who made a recording renames it. */
export async function renameRecording(services: Services, userId: number, recordingId: number, title: string) {
  await ownFinishedRecording(services, userId, recordingId);
  // Checked after the ownership: someone else's recording is refused as such, whatever the title.
  const parsed = renameInput.safeParse({ title });
  if (!parsed.success) throw toValidationError(parsed.error);
  return services.prisma.recording.update({ where: { id: recordingId }, data: parsed.data });
}

/** The one who made a recording deletes it: the row, the register entry, the file and its MP4 copy. */
export async function deleteRecording(services: Services, userId: number, recordingId: number) {
  const recording = await ownFinishedRecording(services, userId, recordingId);
  const names = [recording.filename, mp4NameOf(recording.filename)];
  await services.prisma.$transaction(async (tx) => {
    await tx.recording.delete({ where: { id: recordingId } });
    await forgetStoredFiles(tx, names);
  });
  await services.recordingStore.remove(names);
}

async function ownFinishedRecording(services: Services, userId: number, recordingId: number) {
  const recording = await services.prisma.recording.findFirst({ where: { id: recordingId, ...visibleRecordingWhere(userId) } });
  if (!recording) throw new NotFoundError('recordings.notFound');
  if (recording.createdById !== userId) throw new ForbiddenError('recordings.ownOnly');
  return recording;
}

// One conversion per file at a time: a second download waits for the first one's copy.
const converting = new Map<string, Promise<boolean>>();

/** Makes the MP4 copy of a WebM recording: streams copied when MP4 can hold them (VP9, Opus), else converted. */
function ensureMp4(services: Services, filename: string): Promise<boolean> {
  const existing = converting.get(filename);
  if (existing) return existing;
  const { recordingStore } = services;
  const tools = mediaTools(services);
  const work = (async () => {
    if (!(await hasFfmpeg(tools))) return false;
    if (await recordingStore.exists(filename)) return true;
    const aside = await recordingStore.scratchPath();
    try {
      const converted = await recordingStore.withLocalCopy(sourceNameOf(filename), (source) =>
        remux(tools, source, aside, 'mp4').catch(() => transcodeToMp4(tools, source, aside)),
      );
      if (converted === null) return false;
      await recordingStore.adoptAs(aside, filename);
      return true;
    } catch (error) {
      services.log.warn(`no MP4 copy of the recording ${filename}`, error);
      return false;
    } finally {
      await fs.rm(aside, { force: true });
    }
  })().finally(() => converting.delete(filename));
  converting.set(filename, work);
  return work;
}

/** Whether an MP4 download can be offered (ffmpeg is here, or the recording is an MP4 already). */
export const mp4Available = async (services: Services, filename: string) =>
  filename.endsWith('.mp4') || hasFfmpeg(mediaTools(services));

/**
 * Serves `/room-media/recordings/<name>` when the link's signature and expiry hold: the recording,
 * or its MP4 copy (made on first request). `?download` sends it as an attachment named by its title.
 */
export async function serveRecording(services: Services, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(RECORDINGS_PATH)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const filename = verifiedFilename(
    services.tokenSecret,
    'recording',
    url,
    url.pathname.slice(RECORDINGS_PATH.length),
    (expires) => expires <= Date.now(),
  );
  if (!filename) return refusedLink(request);
  const recording = await services.prisma.recording.findFirst({
    where: { filename: sourceNameOf(filename), status: 'ready' },
    select: { title: true },
  });
  if (!recording) return missingFile(request);
  if (filename !== sourceNameOf(filename) && !(await ensureMp4(services, filename))) return missingFile(request);
  const file = await services.recordingStore.serve(request, filename);
  if (!file) return missingFile(request);
  if (url.searchParams.has('download')) {
    const name = `${recording.title.replace(/[\\/:*?"<>|]/g, '_')}${filename.slice(filename.lastIndexOf('.'))}`;
    file.headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  return file;
}
