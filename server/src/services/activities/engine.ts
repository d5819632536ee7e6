import type { Prisma } from '../../generated/prisma/client';
import { isUniqueViolation } from '../../database/keys';
import type { Services } from '../container';
import { ConflictError, ForbiddenError, LimitReachedError, NotFoundError } from '../errors';
import { accessibleRoom } from '../rooms';
import { ACTIVITY_DEFINITIONS, activityDefinition } from './kinds';
import type { ActivityKind, ActivityRules, SessionState } from './types';

/**
 * The activity engine: shared activities of a room (issue 18). One active session per room; the
 * member who launches it hosts it and plays in it; people in the room join up to the kind's capacity;
 * every change is stored, then published on the room's `room:activity` topic, and every viewer reads
 * their own view again (the kind's rules module decides what each may see). Sessions live in the
 * database, so a reload or a server restart finds them as they were.
 */

export type ActivityPlayerView = { userId: number; joinedAt: Date };

/** A session as one viewer sees it; `kindView` is what the kind's rules answered (the quiz: QuizView). */
export type ActivitySessionView = {
  id: number;
  roomId: number;
  kind: ActivityKind;
  hostId: number | null;
  status: 'active' | 'ended';
  capacity: number;
  startedAt: Date;
  endsAt: Date | null;
  /** The people in it now, in joining order (the host first). */
  players: ActivityPlayerView[];
  viewerIsHost: boolean;
  viewerIsPlayer: boolean;
  kindView: unknown;
};

/** An activity kind as listed for a room: capacity, whether it can be launched, whether it runs there. */
export type ActivityTypeView = {
  kind: ActivityKind;
  capacity: number;
  timeLimitSeconds: number | null;
  launchable: boolean;
  status: 'available' | 'active';
  participantCount: number;
};

const inRoomNow = async (services: Services, roomId: number, userId: number) =>
  (await services.prisma.roomParticipant.count({ where: { roomId, userId, leftAt: null } })) > 0;

const publish = (services: Services, roomId: number) => services.pubsub.publish('room:activity', roomId, {});

const rulesOf = (kind: ActivityKind): ActivityRules => {
  const rules = activityDefinition(kind).rules;
  if (!rules) throw new ForbiddenError('activities.notBuilt');
  return rules;
};

/** The most players a session takes: its setup's own limit (a mini-game's), else its kind's. */
const capacityOf = (session: { kind: ActivityKind; setup: unknown }) =>
  activityDefinition(session.kind).rules?.capacity?.(session.setup) ?? activityDefinition(session.kind).capacity;

/** The catalog, and for a room the viewer may enter, which kind runs there and with how many people. */
export async function activityTypes(services: Services, userId: number, roomId: number | null): Promise<ActivityTypeView[]> {
  let running: { kind: ActivityKind; players: number } | null = null;
  if (roomId != null) {
    await accessibleRoom(services, userId, roomId);
    const session = await services.prisma.activitySession.findFirst({
      where: { roomId, status: 'active' },
      select: { kind: true, _count: { select: { players: { where: { leftAt: null } } } } },
    });
    if (session) running = { kind: session.kind, players: session._count.players };
  }
  return ACTIVITY_DEFINITIONS.map((definition) => ({
    kind: definition.kind,
    capacity: definition.capacity,
    timeLimitSeconds: definition.timeLimitSeconds,
    launchable: definition.rules != null,
    status: running?.kind === definition.kind ? 'active' : 'available',
    participantCount: running?.kind === definition.kind ? running.players : 0,
  }));
}

/** Starts an activity in the room the launcher is in now; they host it and are its first player. */
export async function launchActivity(
  services: Services,
  userId: number,
  input: { roomId: number; kind: ActivityKind; setup: unknown },
) {
  await accessibleRoom(services, userId, input.roomId);
  if (!(await inRoomNow(services, input.roomId, userId))) throw new ForbiddenError('activities.joinRoomFirst');
  const definition = activityDefinition(input.kind);
  const setup = rulesOf(input.kind).parseSetup(input.setup);
  const startedAt = new Date();
  const session = await services.prisma.$transaction(async (tx) => {
    // Launches in one room take turns, so two at once cannot both start.
    await tx.$queryRaw`SELECT id FROM rooms WHERE id = ${input.roomId} FOR UPDATE`;
    const running = await tx.activitySession.findFirst({ where: { roomId: input.roomId, status: 'active' } });
    if (running) {
      // A session whose host is no longer in the room (a server restart closes every stay without the
      // leave hooks) would block the room for ever: it ends, and the new launch goes ahead.
      const hostPresent =
        running.hostId != null &&
        (await tx.roomParticipant.count({ where: { roomId: input.roomId, userId: running.hostId, leftAt: null } })) > 0;
      if (hostPresent) throw new ConflictError('kind', 'activities.alreadyRunning');
      await tx.activitySession.update({ where: { id: running.id }, data: { status: 'ended', endedAt: startedAt } });
    }
    return tx.activitySession.create({
      data: {
        roomId: input.roomId,
        kind: input.kind,
        hostId: userId,
        setup: setup as Prisma.InputJsonValue,
        startedAt,
        endsAt: definition.timeLimitSeconds == null ? null : new Date(startedAt.getTime() + definition.timeLimitSeconds * 1000),
        players: { create: { userId, joinedAt: startedAt } },
      },
    });
  });
  publish(services, input.roomId);
  return session;
}

/** The active session `sessionId`, if the viewer may enter its room (else: not found). */
async function activeSession(services: Services, userId: number, sessionId: number) {
  const session = await services.prisma.activitySession.findFirst({ where: { id: sessionId, status: 'active' } });
  if (!session) throw new NotFoundError('activities.notFound');
  await accessibleRoom(services, userId, session.roomId).catch(() => {
    throw new NotFoundError('activities.notFound');
  });
  return session;
}

/** Joins the room's activity (people in the room only, up to the kind's capacity); joining twice is one stay. */
export async function joinActivity(services: Services, userId: number, sessionId: number) {
  const session = await activeSession(services, userId, sessionId);
  if (!(await inRoomNow(services, session.roomId, userId))) throw new ForbiddenError('activities.joinRoomToPlay');
  const capacity = capacityOf(session);
  const changed = await services.prisma.$transaction(async (tx) => {
    // Joins of one session take turns, so two people cannot both take the last place.
    await tx.$queryRaw`SELECT id FROM activity_sessions WHERE id = ${sessionId} FOR UPDATE`;
    const players = await tx.activitySessionPlayer.findMany({ where: { sessionId, leftAt: null }, select: { userId: true } });
    if (players.some((player) => player.userId === userId)) return false;
    if (players.length >= capacity) throw new LimitReachedError('activities.full', capacity);
    await tx.activitySessionPlayer.upsert({
      where: { sessionId_userId: { sessionId, userId } },
      create: { sessionId, userId },
      update: { leftAt: null },
    });
    return true;
  });
  if (changed) publish(services, session.roomId);
  return session;
}

/** Leaves the activity (its moves stay on the scoreboard). The host leaving stops it. */
export async function leaveActivity(services: Services, userId: number, sessionId: number) {
  const session = await activeSession(services, userId, sessionId);
  if (session.hostId === userId) return stopActivity(services, userId, sessionId);
  const { count } = await services.prisma.activitySessionPlayer.updateMany({
    where: { sessionId, userId, leftAt: null },
    data: { leftAt: new Date() },
  });
  if (count > 0) publish(services, session.roomId);
  return session;
}

/** Stops the activity (its host only): the kind is available again in the room. */
export async function stopActivity(services: Services, userId: number, sessionId: number) {
  const session = await activeSession(services, userId, sessionId);
  if (session.hostId !== userId) throw new ForbiddenError('activities.hostOnly');
  const ended = await services.prisma.activitySession.update({
    where: { id: sessionId },
    data: { status: 'ended', endedAt: new Date() },
  });
  publish(services, session.roomId);
  return ended;
}

async function loadState(services: Services, sessionId: number): Promise<SessionState> {
  const session = await services.prisma.activitySession.findUniqueOrThrow({
    where: { id: sessionId },
    include: {
      players: { orderBy: { joinedAt: 'asc' }, select: { userId: true, joinedAt: true, leftAt: true } },
      moves: { orderBy: { id: 'asc' }, select: { userId: true, key: true, payload: true, createdAt: true } },
    },
  });
  const { players, moves, ...rest } = session;
  return { session: rest, players, moves };
}

/**
 * A player's move (the quiz: an answer): refused after the time limit and from someone not playing;
 * the kind's rules check and score it; one move per player and key, even when two arrive at once.
 */
export async function playMove(services: Services, userId: number, sessionId: number, kind: ActivityKind, move: unknown) {
  const session = await activeSession(services, userId, sessionId);
  if (session.kind !== kind) throw new NotFoundError('activities.notFound');
  if (session.endsAt && new Date() >= session.endsAt) throw new ConflictError('session', 'activities.timeUp');
  const state = await loadState(services, sessionId);
  if (!state.players.some((player) => player.userId === userId && player.leftAt === null)) {
    throw new ForbiddenError('activities.notPlayer');
  }
  const rules = rulesOf(kind);
  const { key, payload } = rules.acceptMove(state, userId, move);
  try {
    await services.prisma.activityMove.create({ data: { sessionId, userId, key, payload } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('move', rules.duplicateMoveKey);
    }
    throw error;
  }
  publish(services, session.roomId);
  return session;
}

/** What `viewerId` sees of a session (any status). */
export async function sessionView(services: Services, viewerId: number, sessionId: number): Promise<ActivitySessionView> {
  const state = await loadState(services, sessionId);
  const { session } = state;
  const players = state.players.filter((player) => player.leftAt === null);
  return {
    id: session.id,
    roomId: session.roomId,
    kind: session.kind,
    hostId: session.hostId,
    status: session.status,
    capacity: capacityOf(session),
    startedAt: session.startedAt,
    endsAt: session.endsAt,
    players: players.map(({ userId, joinedAt }) => ({ userId, joinedAt })),
    viewerIsHost: session.hostId === viewerId,
    viewerIsPlayer: players.some((player) => player.userId === viewerId),
    kindView: rulesOf(session.kind).view(state, viewerId, new Date()),
  };
}

/** The room's running activity as `viewerId` sees it, or null (the caller checked the room is visible). */
export async function roomActivityView(services: Services, viewerId: number, roomId: number) {
  const session = await services.prisma.activitySession.findFirst({
    where: { roomId, status: 'active' },
    select: { id: true },
  });
  return session ? sessionView(services, viewerId, session.id) : null;
}
