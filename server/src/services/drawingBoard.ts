import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate } from 'y-protocols/awareness';
import { z } from 'zod';
import type { Services } from './container';
import { ForbiddenError, LimitReachedError, NotFoundError, ValidationError } from './errors';
import { accessibleRoom, openParticipations } from './rooms';

/**
 * The board of a drawing activity (issue 18 point 3), a Yjs document: its players (up to the kind's
 * capacity) draw, everyone in the room's call may watch.
 *
 * The document holds one map, `strokes`: stroke id -> an immutable stroke (author, colour, width,
 * points). A stroke is added whole when the pen lifts; the stroke being drawn travels as awareness
 * state (never stored), with the cursors. Deleting a stroke is how the eraser and undo work, so the
 * server's rules are about keys: a new key must be a valid stroke by the sender, an existing key is
 * never rewritten, and only its author (or the host, clearing the board) may delete it.
 *
 * Accepted updates are stored in order (drawing_board_updates) and published to the room; each
 * process keeps a document per board, caught up from the rows it has not applied yet. Updates of
 * one board take turns on the session's row lock, so every process validates against the same state.
 */

export const BOARD_MAX_UPDATE_BYTES = 64 * 1024;
export const BOARD_MAX_AWARENESS_BYTES = 8 * 1024;
export const BOARD_MAX_STROKES = 2000;
/** Strokes' coordinates are in a fixed board space, so every screen shows the same drawing. */
export const BOARD_WIDTH = 1600;
export const BOARD_HEIGHT = 1000;
const COMPACT_AFTER_ROWS = 400;

export const strokeShape = z
  .object({
    author: z.number().int(),
    color: z.string().regex(/^#[0-9a-f]{6}$/i),
    width: z.number().min(1).max(64),
    /** Flat [x, y, pressure, x, y, pressure, ...] in board space, pressure 0..1. */
    points: z
      .array(z.number().finite())
      .min(3)
      .max(3 * 2000)
      .refine((points) => points.length % 3 === 0)
      .refine((points) =>
        points.every((value, index) => {
          const axis = index % 3;
          const max = axis === 0 ? BOARD_WIDTH : axis === 1 ? BOARD_HEIGHT : 1;
          return value >= 0 && value <= max;
        }),
      ),
  })
  .strict();
export type Stroke = z.infer<typeof strokeShape>;

type Board = { doc: Y.Doc; lastId: number; rows: number };
/** Per process and database: session id -> its board's document and the last stored update applied to it. */
const boardsByDatabase = new WeakMap<object, Map<number, Board>>();
function boardsOf(services: Services) {
  let boards = boardsByDatabase.get(services.prisma);
  if (!boards) boardsByDatabase.set(services.prisma, (boards = new Map()));
  return boards;
}

type Tx = Parameters<Parameters<Services['prisma']['$transaction']>[0]>[0];

async function caughtUp(services: Services, tx: Tx, sessionId: number): Promise<Board> {
  const boards = boardsOf(services);
  let board = boards.get(sessionId);
  if (!board) {
    board = { doc: new Y.Doc({ gc: true }), lastId: 0, rows: 0 };
    boards.set(sessionId, board);
  }
  const rows = await tx.drawingBoardUpdate.findMany({
    where: { sessionId, id: { gt: board.lastId } },
    orderBy: { id: 'asc' },
    select: { id: true, update: true },
  });
  for (const row of rows) Y.applyUpdate(board.doc, row.update);
  if (rows.length > 0) {
    board.lastId = rows[rows.length - 1]!.id;
    board.rows += rows.length;
  }
  return board;
}

/**
 * What the viewer may do with a running drawing activity's board: watch (in the room's call), draw
 * (a player of the activity), clear (its host).
 */
export async function boardAccess(services: Services, userId: number, sessionId: number) {
  const session = await services.prisma.activitySession.findFirst({
    where: { id: sessionId, kind: 'drawing', status: 'active' },
    select: { id: true, roomId: true, hostId: true, players: { where: { userId, leftAt: null }, select: { id: true } } },
  });
  if (!session) throw new NotFoundError('activities.notFound');
  await accessibleRoom(services, userId, session.roomId).catch(() => {
    throw new NotFoundError('activities.notFound');
  });
  const present = await openParticipations(services.prisma, session.roomId, [userId]);
  if (!present.has(userId)) throw new ForbiddenError('board.notInRoom');
  return { sessionId, canDraw: session.players.length > 0, canClear: session.hostId === userId };
}

/** The whole board as one Yjs update, and the id of the last stored update it includes. */
export async function boardState(services: Services, sessionId: number) {
  return services.prisma.$transaction(async (tx) => {
    const board = await caughtUp(services, tx, sessionId);
    return { update: Y.encodeStateAsUpdate(board.doc), lastId: board.lastId };
  });
}

const malformed = () => new ValidationError([{ path: ['update'], messageKey: 'board.updateMalformed' }]);

/**
 * Checks a client's Yjs update against the board's rules, stores it and publishes it to the room.
 * A refused update leaves nothing behind: the process's document is dropped and read again.
 */
export async function applyBoardUpdate(
  services: Services,
  viewer: { userId: number; sessionId: number; canDraw: boolean; canClear: boolean },
  update: Uint8Array<ArrayBuffer>,
) {
  if (!viewer.canDraw) throw new ForbiddenError('board.notPlayer');
  if (update.byteLength > BOARD_MAX_UPDATE_BYTES) {
    throw new ValidationError([
      { path: ['update'], messageKey: 'board.updateTooLarge', params: { max: BOARD_MAX_UPDATE_BYTES / 1024 } },
    ]);
  }
  const { sessionId } = viewer;
  try {
    const stored = await services.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM activity_sessions WHERE id = ${sessionId} FOR UPDATE`;
      const board = await caughtUp(services, tx, sessionId);
      checkUpdate(board.doc, update, viewer);
      const row = await tx.drawingBoardUpdate.create({ data: { sessionId, update }, select: { id: true } });
      board.lastId = row.id;
      board.rows += 1;
      if (board.rows > COMPACT_AFTER_ROWS) {
        // One row for the whole board (Yjs drops what deleted strokes held).
        await tx.drawingBoardUpdate.deleteMany({ where: { sessionId, id: { lte: row.id } } });
        const merged = await tx.drawingBoardUpdate.create({
          data: { sessionId, update: new Uint8Array(Y.encodeStateAsUpdate(board.doc)) },
          select: { id: true },
        });
        board.lastId = merged.id;
        board.rows = 1;
      }
      return row;
    });
    services.pubsub.publish('activity:board', sessionId, {
      id: stored.id,
      kind: 'update',
      update: Buffer.from(update).toString('base64'),
    });
    return stored;
  } catch (error) {
    boardsOf(services).delete(sessionId);
    throw error;
  }
}

/** Applies `update` to the board's document, refusing (by throwing) what breaks the rules. */
function checkUpdate(doc: Y.Doc, update: Uint8Array, viewer: { userId: number; canClear: boolean }) {
  const strokes = doc.getMap<unknown>('strokes');
  const changes: Array<[string, { action: 'add' | 'update' | 'delete'; oldValue: unknown }]> = [];
  const record = (event: Y.YMapEvent<unknown>) => changes.push(...event.changes.keys);
  strokes.observe(record);
  try {
    Y.applyUpdate(doc, update);
  } catch {
    throw malformed();
  } finally {
    strokes.unobserve(record);
  }
  // An update that needs state the board does not have, or writes anywhere but `strokes`.
  if (doc.store.pendingStructs || doc.store.pendingDs || [...doc.share.keys()].some((name) => name !== 'strokes')) {
    throw malformed();
  }
  if (strokes.size > BOARD_MAX_STROKES) throw new LimitReachedError('board.full', BOARD_MAX_STROKES);
  for (const [key, change] of changes) {
    if (change.action === 'update') throw new ForbiddenError('board.notYourStroke');
    if (change.action === 'delete') {
      const author = (change.oldValue as Stroke | undefined)?.author;
      if (author !== viewer.userId && !viewer.canClear) throw new ForbiddenError('board.notYourStroke');
      continue;
    }
    const stroke = strokeShape.safeParse(strokes.get(key));
    if (!stroke.success) throw new ValidationError([{ path: ['update'], messageKey: 'board.strokeInvalid' }]);
    if (stroke.data.author !== viewer.userId) throw new ForbiddenError('board.notYourStroke');
  }
}

/** Relays a client's awareness update (cursor, name, the stroke being drawn) to the room; never stored. */
export function relayAwareness(services: Services, sessionId: number, update: Uint8Array) {
  if (update.byteLength > BOARD_MAX_AWARENESS_BYTES) {
    throw new ValidationError([
      { path: ['update'], messageKey: 'board.updateTooLarge', params: { max: BOARD_MAX_AWARENESS_BYTES / 1024 } },
    ]);
  }
  // Decoding into a throw-away awareness refuses what is not an awareness update.
  const probe = new Awareness(new Y.Doc());
  try {
    applyAwarenessUpdate(probe, update, 'probe');
  } catch {
    throw malformed();
  } finally {
    probe.destroy();
  }
  services.pubsub.publish('activity:board', sessionId, {
    id: 0,
    kind: 'awareness',
    update: Buffer.from(update).toString('base64'),
  });
}
