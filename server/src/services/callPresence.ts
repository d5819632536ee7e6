import type { Services } from './container';
import { signalRoom } from './callEvents';
import { ForbiddenError } from './errors';
import { leaveAfterGrace } from './rooms';

/**
 * Presence in rooms, and its grace. A member keeps their place in a room for the presence grace
 * when their last call-events subscription on a process ends (tab closed, network lost) or when
 * their page says it goes away (markAwayInRoom), so a reload or a short drop costs nothing while a
 * closed laptop does not keep a seat and a frozen tile forever. Coming back first keeps the stay (a
 * subscription again: enterCallPresence; joining the room again: a new stay); else it ends then.
 *
 * The deadline is the stay's `grace_ends_at`, in the database, not a timer of the process that saw
 * the member go: every process sweeps the stays whose grace has ended as it starts and every grace
 * period after, so a grace started by a process that has stopped since (a restart, the other process
 * of two) still ends, at most one grace period late. A timer here only wakes the sweep at a deadline
 * this process wrote, so that the usual case ends on time.
 */
type Presence = {
  /** Call-events subscriptions per member held by this process. */
  counts: Map<number, number>;
  /** Each member's presence writes, one after the other: a quick reconnect's clearing lands after the drop's deadline. */
  writes: Map<number, Promise<void>>;
  wakeUps: Set<NodeJS.Timeout>;
  periodic: NodeJS.Timeout | null;
  /** The sweep running now (one at a time), and whether another was asked for meanwhile. */
  sweeping: Promise<void> | null;
  sweepAgain: boolean;
  stopped: boolean;
};

const registries = new WeakMap<Services, Presence>();

function registry(services: Services): Presence {
  let presence = registries.get(services);
  if (!presence) {
    presence = {
      counts: new Map(),
      writes: new Map(),
      wakeUps: new Set(),
      periodic: null,
      sweeping: null,
      sweepAgain: false,
      stopped: false,
    };
    registries.set(services, presence);
  }
  return presence;
}

const graceEnd = (services: Services) => new Date(Date.now() + services.config.callPresenceGraceSeconds * 1000);

/** Runs `write` after the member's earlier presence writes; a failure is logged (the sweep is the safety net). */
function inOrder(services: Services, userId: number, what: string, write: () => Promise<unknown>) {
  const presence = registry(services);
  const next = (presence.writes.get(userId) ?? Promise.resolve()).then(write).then(
    () => undefined,
    (error: unknown) => services.log.warn(`could not ${what} for user ${userId}`, error),
  );
  presence.writes.set(userId, next);
  void next.finally(() => {
    if (presence.writes.get(userId) === next) presence.writes.delete(userId);
  });
}

export function enterCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  presence.counts.set(userId, (presence.counts.get(userId) ?? 0) + 1);
  // Back before the grace of a drop (here or on another process) ended: their stays are kept. A stay
  // whose page went away is kept only by joining the room again (the page that comes back is a new one).
  inOrder(services, userId, 'keep the rooms of a member back online', () =>
    services.prisma.roomParticipant.updateMany({
      where: { userId, leftAt: null, awayAt: null, graceEndsAt: { not: null } },
      data: { graceEndsAt: null },
    }),
  );
}

export function exitCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  const count = (presence.counts.get(userId) ?? 1) - 1;
  if (count > 0) {
    presence.counts.set(userId, count);
    return;
  }
  presence.counts.delete(userId);
  if (presence.stopped) return; // stopCallPresence gave everyone here their grace
  inOrder(services, userId, 'start the presence grace of a member who disconnected', async () => {
    const graceEndsAt = graceEnd(services);
    // A stay already in its grace (its page went away first) keeps the earlier deadline.
    const { count: started } = await services.prisma.roomParticipant.updateMany({
      where: { userId, leftAt: null, graceEndsAt: null },
      data: { graceEndsAt },
    });
    if (started > 0) wakeUpAt(services, graceEndsAt);
  });
}

/**
 * The server starts: stays whose grace ended while no process looked (this one was stopped, or the
 * other one that started it is) end now, then every grace period from here on.
 */
export async function startCallPresence(services: Services) {
  const presence = registry(services);
  await sweep(services);
  if (presence.stopped || presence.periodic) return;
  // Not more often than every second, whatever the grace (a test's is a fraction of one).
  const every = Math.max(1, services.config.callPresenceGraceSeconds) * 1000;
  presence.periodic = setInterval(() => void sweep(services), every);
  presence.periodic.unref();
}

/**
 * The server is stopping: whoever is connected here loses their connection now, so their stays get
 * the grace of any drop (ended by the next start or the other process unless they come back).
 */
export async function stopCallPresence(services: Services) {
  const presence = registry(services);
  presence.stopped = true;
  if (presence.periodic) clearInterval(presence.periodic);
  presence.periodic = null;
  for (const timer of presence.wakeUps) clearTimeout(timer);
  presence.wakeUps.clear();
  await Promise.all([...presence.writes.values()]);
  await presence.sweeping;
  const present = [...presence.counts.keys()];
  presence.counts.clear();
  if (present.length === 0) return;
  await services.prisma.roomParticipant
    .updateMany({
      where: { userId: { in: present }, leftAt: null, graceEndsAt: null },
      data: { graceEndsAt: graceEnd(services) },
    })
    .catch((error: unknown) => services.log.warn('could not start the presence grace of the members connected here', error));
}

/**
 * The member's own page in `roomId` goes away (a reload, a closed tab; the page says so with a
 * request that outlives it). They keep their place, their role and the room's activity, and the
 * others are told at once (AWAY) so their tile shows them reconnecting instead of a frozen frame.
 * Joining the room again within the presence grace makes them present again (JOINED); otherwise
 * they leave as a disconnected member does. Only a member in the room can, and only for themself.
 *
 * `participationId` is the stay the page had (joinRoom's participationId): a request that arrives
 * after the reloaded page has joined again names the stay it closed, and changes nothing (false).
 */
export async function markAwayInRoom(
  services: Services,
  userId: number,
  roomId: number,
  participationId: number,
): Promise<boolean> {
  const participation = await services.prisma.roomParticipant.findFirst({
    where: { roomId, userId, leftAt: null },
    select: { id: true },
  });
  if (!participation) throw new ForbiddenError('meeting.notInRoom');
  if (participation.id !== participationId) return false;
  const graceEndsAt = graceEnd(services);
  const { count } = await services.prisma.roomParticipant.updateMany({
    where: { id: participation.id, leftAt: null, awayAt: null },
    data: { awayAt: new Date(), graceEndsAt },
  });
  if (count === 0) return true; // already away: the others know, the grace runs
  await signalRoom(services, roomId, userId, 'AWAY');
  wakeUpAt(services, graceEndsAt);
  return true;
}

/** Ends every stay whose grace has ended (as leaving does: the room is told, a host's activity ends). */
export async function endLapsedGraces(services: Services): Promise<number> {
  const lapsed = await services.prisma.roomParticipant.findMany({
    where: { leftAt: null, graceEndsAt: { lte: new Date() } },
    select: { id: true, userId: true, roomId: true },
    orderBy: { graceEndsAt: 'asc' },
  });
  let ended = 0;
  for (const stay of lapsed) {
    try {
      if (await leaveAfterGrace(services, stay.id)) ended += 1;
    } catch (error) {
      services.log.warn(`could not take user ${stay.userId} out of room ${stay.roomId} after their presence grace`, error);
    }
  }
  return ended;
}

/** One sweep at a time; one asked for while another runs runs right after it (deadlines passed meanwhile). */
function sweep(services: Services): Promise<void> {
  const presence = registry(services);
  if (presence.sweeping) {
    presence.sweepAgain = true;
    return presence.sweeping;
  }
  const running = (async () => {
    do {
      presence.sweepAgain = false;
      await endLapsedGraces(services);
    } while (presence.sweepAgain && !presence.stopped);
  })()
    .catch((error: unknown) => services.log.warn('presence grace sweep failed', error))
    .finally(() => {
      presence.sweeping = null;
    });
  presence.sweeping = running;
  return running;
}

/** Sweeps just after `at`, a deadline this process wrote (the periodic sweep would find it later). */
function wakeUpAt(services: Services, at: Date) {
  const presence = registry(services);
  if (presence.stopped) return;
  const timer = setTimeout(
    () => {
      presence.wakeUps.delete(timer);
      if (!presence.stopped) void sweep(services);
    },
    Math.max(0, at.getTime() - Date.now()) + 10,
  );
  timer.unref();
  presence.wakeUps.add(timer);
}
