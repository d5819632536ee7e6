import { createHmac } from 'node:crypto';
import type { CallMode, Prisma } from '../generated/prisma/client';
import type { Services } from './container';
import { videoPublishers, videoPublishersAfterLeave } from './activeSpeakers';
import { sendCallEvents } from './callEvents';
import { LimitReachedError } from './errors';
import { MAX_ROOM_SIZE } from './limits';

/**
 * Mesh or SFU: the server owns each group room's call mode (rooms.call_mode) and its epoch.
 *
 * - Up to MESH_MAX_PARTICIPANTS people, browsers connect to each other (simple-peer).
 * - One more, with the SFU up, switches the room to the SFU: everyone publishes to Janus and
 *   subscribes to the others, then closes their peer connections (make before break).
 * - Back at or under the mesh size for SFU_MESH_RETURN_SECONDS, the room returns to mesh the same way.
 *
 * Every switch bumps the epoch and tells everyone present (CALL_MODE {mode, epoch, token,
 * videoPublishers}), so a client drops whatever an older epoch set up. In SFU mode only the most
 * recent speakers send video (activeSpeakers.ts). The SFU admits only the tokens we mint here, one per
 * member, room and epoch; the VideoRoom of a room is opened with the tokens of those present.
 */

export type RoomCallMode = {
  mode: CallMode;
  epoch: number;
  sfuToken: string | null;
  /** In SFU mode, who sends video now (the rest send audio only); null in mesh, where everyone does. */
  videoPublishers: number[] | null;
};

/** What lets `userId` into the room's VideoRoom during `epoch` (Janus checks it against the room's allowed list). */
export function sfuToken(services: Services, roomId: number, userId: number, epoch: number): string {
  return createHmac('sha256', services.tokenSecret).update(`sfu:${roomId}:${userId}:${epoch}`).digest('base64url');
}

export const sfuUp = (services: Services) => services.sfu.status() === 'up';

/** How long the VideoRoom outlives a return to mesh: the browsers' peer connections open meanwhile. */
const SFU_CLOSE_AFTER_MESH_MS = 30_000;

type Switch = { roomId: number; mode: CallMode; epoch: number; recipients: number[] };

/**
 * Inside joinRoom's transaction, with the room row locked and the newcomer's participant row
 * written (`present`: every user id in the room, newcomer included): the mode the room needs now.
 * Opens or extends the VideoRoom before the join commits, so a refused SFU refuses the join
 * instead of leaving a room nobody can hear. `seated`: the newcomer of a room already in SFU mode
 * took a seat among the video publishers, which the others must be told (`announceVideoPublishers`).
 */
export async function callModeOnJoin(
  services: Services,
  tx: Prisma.TransactionClient,
  room: { id: number; callMode: CallMode; callEpoch: number },
  newcomerId: number,
  present: number[],
): Promise<{ call: RoomCallMode; announce: Switch | null; seated: boolean }> {
  const mesh = services.config.meshMaxParticipants;
  const up = sfuUp(services);
  const wanted: CallMode = present.length > mesh || (room.callMode === 'sfu' && up) ? 'sfu' : 'mesh';
  const refusal = () => new LimitReachedError('meeting.meshLimit', mesh);
  if (wanted === 'sfu' && !up) throw refusal();
  // A room in SFU mode whose VideoRoom Janus lost (it restarted, and no reopening reached the room
  // yet) gets it back with a new epoch, as reopenSfuRooms gives it: everyone present republishes.
  const lost = wanted === 'sfu' && room.callMode === 'sfu' && !(await hasVideoRoom(services, room.id, refusal));
  const switched = wanted !== room.callMode || lost;
  const epoch = room.callEpoch + (switched ? 1 : 0);
  // Opening is idempotent: it creates the VideoRoom on a switch or after a loss, and adds the
  // newcomer's token to an open one.
  if (wanted === 'sfu') await openSfuRoom(services, room.id, present, epoch, refusal);
  if (switched) await tx.room.update({ where: { id: room.id }, data: { callMode: wanted, callEpoch: epoch } });
  const video = wanted === 'sfu' ? await videoPublishers(tx, room.id, services.config.sfuMaxVideoPublishers) : null;
  const call: RoomCallMode = {
    mode: wanted,
    epoch,
    sfuToken: wanted === 'sfu' ? sfuToken(services, room.id, newcomerId, epoch) : null,
    videoPublishers: video,
  };
  const others = present.filter((id) => id !== newcomerId);
  return {
    call,
    announce: switched ? { roomId: room.id, mode: wanted, epoch, recipients: others } : null,
    seated: !switched && others.length > 0 && Boolean(video?.includes(newcomerId)),
  };
}

async function hasVideoRoom(services: Services, roomId: number, refusal: () => Error) {
  try {
    return await services.sfu.hasRoom(roomId);
  } catch (error) {
    services.log.warn(`sfu: could not ask for room ${roomId}`, error);
    throw refusal();
  }
}

async function openSfuRoom(services: Services, roomId: number, present: number[], epoch: number, refusal: () => Error) {
  const tokens = present.map((userId) => sfuToken(services, roomId, userId, epoch));
  try {
    // Everyone publishes (their audio at least), and may share a screen as a feed of its own: the
    // VideoRoom takes twice as many publishers as the room takes people.
    await services.sfu.openRoom(roomId, { tokens, maxPublishers: 2 * MAX_ROOM_SIZE });
  } catch (error) {
    services.log.warn(`sfu: could not open room ${roomId}`, error);
    throw refusal();
  }
}

/** Tells each recipient the room's new mode, with their own token for the SFU and who sends video. */
export async function announceCallMode(services: Services, change: Switch) {
  const video =
    change.mode === 'sfu' ? await videoPublishers(services.prisma, change.roomId, services.config.sfuMaxVideoPublishers) : null;
  await sendCallEvents(
    services,
    change.recipients.map((recipientId) => ({
      roomId: change.roomId,
      senderId: recipientId,
      recipientId,
      kind: 'CALL_MODE' as const,
      payload: {
        mode: change.mode,
        epoch: change.epoch,
        ...(change.mode === 'sfu'
          ? { token: sfuToken(services, change.roomId, recipientId, change.epoch), videoPublishers: video }
          : {}),
      },
    })),
  );
}

/** After someone left a group room: their token goes, and a room back at mesh size returns to mesh after a while. */
export async function callModeAfterLeave(services: Services, roomId: number, userId: number) {
  const room = await services.prisma.room.findUnique({ where: { id: roomId }, select: { callMode: true, callEpoch: true } });
  if (room?.callMode !== 'sfu') return;
  if (sfuUp(services)) {
    await services.sfu
      .disallow(roomId, [{ userId, token: sfuToken(services, roomId, userId, room.callEpoch) }])
      .catch((error: unknown) => services.log.warn(`sfu: could not remove user ${userId} from room ${roomId}`, error));
  }
  const present = await services.prisma.roomParticipant.count({ where: { roomId, leftAt: null } });
  if (present === 0) return returnToMesh(services, roomId);
  if (present <= services.config.meshMaxParticipants) schedule(services, roomId, services.config.sfuMeshReturnSeconds * 1000);
  await videoPublishersAfterLeave(services, roomId, room.callEpoch, present);
}

/** The room goes back to mesh if it is still small enough; the VideoRoom closes once the peers had time to connect. */
export async function returnToMesh(services: Services, roomId: number) {
  const change = await services.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ call_mode: CallMode; call_epoch: number }[]>`
      SELECT call_mode, call_epoch FROM rooms WHERE id = ${roomId} FOR UPDATE`;
    if (row?.call_mode !== 'sfu') return null;
    const present = await tx.roomParticipant.findMany({ where: { roomId, leftAt: null }, select: { userId: true } });
    if (present.length > services.config.meshMaxParticipants) return null;
    const epoch = row.call_epoch + 1;
    await tx.room.update({ where: { id: roomId }, data: { callMode: 'mesh', callEpoch: epoch } });
    return { roomId, mode: 'mesh' as const, epoch, recipients: present.map((p) => p.userId) };
  });
  if (!change) return;
  await announceCallMode(services, change);
  const close = () =>
    closeVideoRoomIfMesh(services, roomId, change.epoch).catch((error: unknown) =>
      services.log.warn(`sfu: could not close room ${roomId}`, error),
    );
  if (change.recipients.length === 0) await close();
  else schedule(services, roomId, SFU_CLOSE_AFTER_MESH_MS, close);
}

async function closeVideoRoomIfMesh(services: Services, roomId: number, epoch: number) {
  const room = await services.prisma.room.findUnique({ where: { id: roomId }, select: { callMode: true, callEpoch: true } });
  if (room?.callMode === 'mesh' && room.callEpoch === epoch && sfuUp(services)) await services.sfu.closeRoom(roomId);
}

/**
 * Janus came back (restarted, or first reached after our start): its rooms are gone. Rooms still
 * in SFU mode get a new epoch and a new VideoRoom; everyone in them republishes. Rooms now small
 * enough return to mesh instead.
 *
 * Every server process hears Janus come back and runs this. Whoever reopens a room (this, or a join
 * that found its VideoRoom lost) bumps the epoch with the room row locked, so a VideoRoom that exists
 * is the current epoch's: a later process finds it and leaves the room as it is (one bump, one
 * republish), only adding its own observer of who talks.
 */
export async function reopenSfuRooms(services: Services) {
  const rooms = await services.prisma.room.findMany({ where: { callMode: 'sfu' }, select: { id: true } });
  for (const { id: roomId } of rooms) {
    try {
      const change = await services.prisma.$transaction(async (tx) => {
        const [row] = await tx.$queryRaw<{ call_mode: CallMode; call_epoch: number; is_active: boolean }[]>`
          SELECT call_mode, call_epoch, is_active FROM rooms WHERE id = ${roomId} FOR UPDATE`;
        if (row?.call_mode !== 'sfu') return null;
        const present = (await tx.roomParticipant.findMany({ where: { roomId, leftAt: null }, select: { userId: true } })).map(
          (p) => p.userId,
        );
        const mode: CallMode = row.is_active && present.length > services.config.meshMaxParticipants ? 'sfu' : 'mesh';
        if (mode === 'sfu' && (await services.sfu.hasRoom(roomId))) {
          await openSfuRoom(services, roomId, present, row.call_epoch, () => new Error('SFU refused the room'));
          return null;
        }
        const epoch = row.call_epoch + 1;
        if (mode === 'sfu') await openSfuRoom(services, roomId, present, epoch, () => new Error('SFU refused the room'));
        await tx.room.update({ where: { id: roomId }, data: { callMode: mode, callEpoch: epoch } });
        return { roomId, mode, epoch, recipients: present };
      });
      if (change) await announceCallMode(services, change);
    } catch (error) {
      services.log.warn(`sfu: could not reopen room ${roomId}`, error);
    }
  }
}

// --- delayed steps, one per room, on this process ---

const timers = new WeakMap<Services, Map<number, NodeJS.Timeout>>();

function schedule(services: Services, roomId: number, delayMs: number, step = () => returnToMesh(services, roomId)) {
  let byRoom = timers.get(services);
  if (!byRoom) timers.set(services, (byRoom = new Map()));
  clearTimeout(byRoom.get(roomId));
  const timer = setTimeout(() => {
    byRoom.delete(roomId);
    step().catch((error: unknown) => services.log.warn(`sfu: room ${roomId} could not return to mesh`, error));
  }, delayMs);
  timer.unref();
  byRoom.set(roomId, timer);
}

/** The server is stopping: pending returns to mesh are dropped (the next join or leave decides again). */
export function stopCallModeTimers(services: Services) {
  for (const timer of timers.get(services)?.values() ?? []) clearTimeout(timer);
  timers.delete(services);
}
