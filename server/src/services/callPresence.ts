import { randomUUID } from 'node:crypto';
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
 *
 * A process that dies (killed, out of memory) starts no grace for the members connected to it, so each
 * process is recorded as alive (`app_processes`, a beat every few seconds) and holds its members'
 * presence there (`call_presences`). A process silent for MISSED_BEATS beats is dead: the sweep of any
 * other (or of the next run, on one process) gives the members it held the grace of a drop, counted
 * from its last beat, unless they are connected elsewhere. A member connected to a live process is
 * never touched by another's start.
 */
type Presence = {
  /** This run's row in app_processes. */
  processId: string;
  /** Its registration: a member's presence row names the process, so their first write waits for it. */
  registered: Promise<void> | null;
  /** Call-events subscriptions per member held by this process. */
  counts: Map<number, number>;
  /** Each member's presence writes, one after the other: a quick reconnect's clearing lands after the drop's deadline. */
  writes: Map<number, Promise<void>>;
  wakeUps: Set<NodeJS.Timeout>;
  periodic: NodeJS.Timeout | null;
  heartbeat: NodeJS.Timeout | null;
  beating: Promise<void> | null;
  /** The sweep running now (one at a time), and whether another was asked for meanwhile. */
  sweeping: Promise<void> | null;
  sweepAgain: boolean;
  stopped: boolean;
};

/** Beats a process may miss before the others take it for dead (a busy event loop is late, not dead). */
const MISSED_BEATS = 3;

const registries = new WeakMap<Services, Presence>();

function registry(services: Services): Presence {
  let presence = registries.get(services);
  if (!presence) {
    presence = {
      processId: randomUUID(),
      registered: null,
      counts: new Map(),
      writes: new Map(),
      wakeUps: new Set(),
      periodic: null,
      heartbeat: null,
      beating: null,
      sweeping: null,
      sweepAgain: false,
      stopped: false,
    };
    registries.set(services, presence);
  }
  return presence;
}

const graceEnd = (services: Services, from = Date.now()) => new Date(from + services.config.callPresenceGraceSeconds * 1000);

/** Records this process as alive, once (again after a failure, or after others took it for dead: beat). */
function register(services: Services): Promise<void> {
  const presence = registry(services);
  presence.registered ??= services.prisma.appProcess.create({ data: { id: presence.processId, heartbeatAt: new Date() } }).then(
    () => undefined,
    (error: unknown) => {
      presence.registered = null;
      throw error;
    },
  );
  return presence.registered;
}

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

/**
 * This process holds the member's presence (their first subscription here, or this process is back
 * from being taken for dead). Back before the grace of a drop (here or on another process) ended:
 * their stays are kept. A stay whose page went away is kept only by joining the room again (the page
 * that comes back is a new one).
 */
function holdPresence(services: Services, userId: number) {
  const presence = registry(services);
  inOrder(services, userId, 'keep the rooms of a member back online', async () => {
    await register(services);
    await services.prisma.callPresence.createMany({
      data: [{ userId, processId: presence.processId }],
      skipDuplicates: true,
    });
    await services.prisma.roomParticipant.updateMany({
      where: { userId, leftAt: null, awayAt: null, graceEndsAt: { not: null } },
      data: { graceEndsAt: null },
    });
  });
}

export function enterCallPresence(services: Services, userId: number) {
  const presence = registry(services);
  const count = presence.counts.get(userId) ?? 0;
  presence.counts.set(userId, count + 1);
  if (count === 0) holdPresence(services, userId);
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
    await services.prisma.callPresence.deleteMany({ where: { userId, processId: presence.processId } });
    const graceEndsAt = graceEnd(services);
    // A stay already in its grace (its page went away first) keeps the earlier deadline; a member still
    // connected to another process (another tab there) keeps their stays.
    const { count: started } = await services.prisma.roomParticipant.updateMany({
      where: { userId, leftAt: null, graceEndsAt: null, user: { callPresences: { none: {} } } },
      data: { graceEndsAt },
    });
    if (started > 0) wakeUpAt(services, graceEndsAt);
  });
}

/**
 * The server starts: it records itself as alive and beats from now on. Stays whose grace ended while
 * no process looked (this one was stopped, or the other one that started it is) end now, and so do
 * those of the members a dead process held (the previous run, killed) once their grace from its last
 * beat has ended; then every grace period from here on. Stays no process holds at all (their member was
 * connected to none when it stopped, or joined without a connection) get the grace now: nobody is
 * there to keep them. Members connected to another live process keep their stays.
 */
export async function startCallPresence(services: Services) {
  const presence = registry(services);
  await register(services);
  const graceEndsAt = graceEnd(services);
  const { count: unheld } = await services.prisma.roomParticipant.updateMany({
    where: { leftAt: null, graceEndsAt: null, user: { callPresences: { none: {} } } },
    data: { graceEndsAt },
  });
  if (unheld > 0) wakeUpAt(services, graceEndsAt);
  await sweep(services);
  if (presence.stopped || presence.periodic) return;
  presence.heartbeat = setInterval(() => {
    presence.beating ??= beat(services).finally(() => {
      presence.beating = null;
    });
  }, services.config.processHeartbeatSeconds * 1000);
  presence.heartbeat.unref();
  // Not more often than every second, whatever the grace (a test's is a fraction of one).
  const every = Math.max(1, services.config.callPresenceGraceSeconds) * 1000;
  presence.periodic = setInterval(() => void sweep(services), every);
  presence.periodic.unref();
}

/** This process is alive. If the others took it for dead meanwhile (it stalled), the members connected here are held again. */
async function beat(services: Services) {
  const presence = registry(services);
  try {
    const { count } = await services.prisma.appProcess.updateMany({
      where: { id: presence.processId },
      data: { heartbeatAt: new Date() },
    });
    if (count > 0 || presence.stopped) return;
    services.log.warn('this process was taken for dead (it missed its beats): holding its members again');
    presence.registered = null;
    await register(services);
    for (const userId of presence.counts.keys()) holdPresence(services, userId);
  } catch (error) {
    services.log.warn('could not record that this process is alive', error);
  }
}

/**
 * The server is stopping: whoever is connected here loses their connection now, so their stays get
 * the grace of any drop (ended by the next start or the other process unless they come back), and
 * this process is no longer recorded as alive.
 */
export async function stopCallPresence(services: Services) {
  const presence = registry(services);
  presence.stopped = true;
  for (const timer of [presence.periodic, presence.heartbeat, ...presence.wakeUps]) if (timer) clearTimeout(timer);
  presence.periodic = null;
  presence.heartbeat = null;
  presence.wakeUps.clear();
  await Promise.all([...presence.writes.values(), presence.beating, presence.sweeping]);
  const present = [...presence.counts.keys()];
  presence.counts.clear();
  if (!presence.registered) return; // never held anyone
  try {
    await presence.registered;
    if (present.length > 0) {
      await services.prisma.roomParticipant.updateMany({
        where: {
          userId: { in: present },
          leftAt: null,
          graceEndsAt: null,
          user: { callPresences: { none: { processId: { not: presence.processId } } } },
        },
        data: { graceEndsAt: graceEnd(services) },
      });
    }
    await services.prisma.appProcess.deleteMany({ where: { id: presence.processId } });
  } catch (error) {
    services.log.warn('could not start the presence grace of the members connected here', error);
  }
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

/**
 * Gives the members held by each dead process (silent for MISSED_BEATS beats) the grace of a drop at
 * its last beat, unless they are connected to another process, and forgets the process. On a quiet
 * database this is one read of the few rows of app_processes.
 */
async function graceForMembersOfDeadProcesses(services: Services): Promise<void> {
  const presence = registry(services);
  const silentSince = new Date(Date.now() - MISSED_BEATS * services.config.processHeartbeatSeconds * 1000);
  const dead = await services.prisma.appProcess.findMany({
    where: { heartbeatAt: { lt: silentSince }, id: { not: presence.processId } },
    select: { id: true, heartbeatAt: true },
  });
  for (const silent of dead) {
    const graceEndsAt = graceEnd(services, silent.heartbeatAt.getTime());
    try {
      const started = await services.prisma.$transaction(async (tx) => {
        const held = await tx.callPresence.findMany({ where: { processId: silent.id }, select: { userId: true } });
        // Only one process handles it, and only if it is still silent (it did not beat again meanwhile).
        // Its presence rows go with it, so `none` below means connected to no other process.
        const { count: claimed } = await tx.appProcess.deleteMany({ where: { id: silent.id, heartbeatAt: silent.heartbeatAt } });
        if (claimed === 0 || held.length === 0) return 0;
        const { count } = await tx.roomParticipant.updateMany({
          where: {
            userId: { in: held.map((row) => row.userId) },
            leftAt: null,
            graceEndsAt: null,
            user: { callPresences: { none: {} } },
          },
          data: { graceEndsAt },
        });
        return count;
      });
      if (started === 0) continue;
      services.log.warn(`process ${silent.id} stopped beating: ${started} stays of its members get the presence grace`);
      wakeUpAt(services, graceEndsAt);
    } catch (error) {
      services.log.warn(
        `could not start the presence grace of the members of process ${silent.id}, which stopped beating`,
        error,
      );
    }
  }
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
      await graceForMembersOfDeadProcesses(services);
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
