import type { Services } from './container';
import { signalRoom } from './callEvents';
import { ForbiddenError } from './errors';
import { leaveAllRooms, leaveIfStillAway } from './rooms';

/**
 * Who holds a call-events subscription on this process. A member whose last one ends (tab closed,
 * network lost) is taken out of their rooms after a grace period, unless they come back first, so
 * a closed laptop does not keep a seat and a frozen tile forever.
 */
type Presence = {
  counts: Map<number, number>;
  timers: Map<number, NodeJS.Timeout>;
  /** Per participation (a room_participants row) whose page went away: when its grace ends. */
  awayTimers: Map<number, NodeJS.Timeout>;
  stopped: boolean;
};

const registries = new WeakMap<Services, Presence>();

function registry(services: Services): Presence {
  let presence = registries.get(services);
  if (!presence) {
    presence = { counts: new Map(), timers: new Map(), awayTimers: new Map(), stopped: false };
    registries.set(services, presence);
  }
  return presence;
}

export function enterCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  presence.counts.set(userId, (presence.counts.get(userId) ?? 0) + 1);
  clearTimeout(presence.timers.get(userId));
  presence.timers.delete(userId);
}

export function exitCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  const count = (presence.counts.get(userId) ?? 1) - 1;
  if (count > 0) {
    presence.counts.set(userId, count);
    return;
  }
  presence.counts.delete(userId);
  if (presence.stopped) return;
  const timer = setTimeout(() => {
    presence.timers.delete(userId);
    if (presence.stopped || presence.counts.has(userId)) return;
    leaveAllRooms(services, userId).catch((error: unknown) =>
      services.log.warn(`could not take user ${userId} out of their rooms after they disconnected`, error),
    );
  }, services.config.callPresenceGraceSeconds * 1000);
  timer.unref();
  presence.timers.set(userId, timer);
}

/** The server is stopping: pending removals are dropped (the next start closes stale stays). */
export function stopCallPresence(services: Services) {
  const presence = registry(services);
  presence.stopped = true;
  for (const timer of [...presence.timers.values(), ...presence.awayTimers.values()]) clearTimeout(timer);
  presence.timers.clear();
  presence.awayTimers.clear();
}

/**
 * The member's own page in `roomId` goes away (a reload, a closed tab; the page says so with a
 * request that outlives it). They keep their place, their role and the room's activity, and the
 * others are told at once (AWAY) so their tile shows them reconnecting instead of a frozen frame.
 * Joining the room again within the presence grace makes them present again (JOINED); otherwise
 * they leave as a disconnected member does. Only a member in the room can, and only for themself.
 */
export async function markAwayInRoom(services: Services, userId: number, roomId: number): Promise<boolean> {
  const participation = await services.prisma.roomParticipant.findFirst({
    where: { roomId, userId, leftAt: null },
    select: { id: true },
  });
  if (!participation) throw new ForbiddenError('meeting.notInRoom');
  const { count } = await services.prisma.roomParticipant.updateMany({
    where: { id: participation.id, leftAt: null, awayAt: null },
    data: { awayAt: new Date() },
  });
  if (count === 0) return true; // already away: the others know, the grace runs
  await signalRoom(services, roomId, userId, 'AWAY');
  const presence = registry(services);
  if (presence.stopped) return true;
  const timer = setTimeout(() => {
    presence.awayTimers.delete(participation.id);
    if (presence.stopped) return;
    leaveIfStillAway(services, participation.id).catch((error: unknown) =>
      services.log.warn(`could not take user ${userId} out of room ${roomId} after their page went away`, error),
    );
  }, services.config.callPresenceGraceSeconds * 1000);
  timer.unref();
  presence.awayTimers.set(participation.id, timer);
  return true;
}
