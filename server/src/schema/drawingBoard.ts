import { Repeater } from 'graphql-yoga';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { BoardEvent } from '../realtime/pubsub';
import * as board from '../services/drawingBoard';
import { ValidationError } from '../services/errors';
import { databaseIdOf } from './globalIds';

const DrawingBoardEventKind = builder.enumType('DrawingBoardEventKind', {
  values: {
    STATE: { value: 'state', description: 'The whole board, first on every subscription.' },
    UPDATE: { value: 'update', description: 'A change someone made after it.' },
    AWARENESS: { value: 'awareness', description: 'Cursors and strokes being drawn (y-protocols awareness).' },
  } as const,
});

type BoardDelivery = Pick<BoardEvent, 'update'> & { kind: BoardEvent['kind'] | 'state' };

const DrawingBoardEventRef = builder.objectRef<BoardDelivery>('DrawingBoardEvent').implement({
  description: 'A Yjs update (or awareness update) of the room drawing board, base64.',
  fields: (t) => ({
    kind: t.field({ type: DrawingBoardEventKind, resolve: (event) => event.kind }),
    update: t.exposeString('update'),
  }),
});

const sessionIdOf = (id: Parameters<typeof databaseIdOf>[0]) => databaseIdOf(id, 'ActivitySession', 'activities.notFound');

/** A base64 Yjs update from the client; anything else is refused as malformed. */
function decodeUpdate(base64: string): Uint8Array<ArrayBuffer> {
  if (base64.length === 0 || base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new ValidationError([{ path: ['update'], messageKey: 'board.updateMalformed' }]);
  }
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

builder.subscriptionField('drawingBoard', (t) =>
  t.field({
    type: DrawingBoardEventRef,
    description:
      "A drawing activity's board, for someone in the room's call: the whole board first (STATE), then every change " +
      '(UPDATE) and the cursors (AWARENESS). Apply each with Y.applyUpdate / applyAwarenessUpdate.',
    ...access('owner'),
    args: { sessionId: t.arg.globalID({ required: true }) },
    subscribe: async (_root, args, ctx: Context) => {
      const { sessionId } = await board.boardAccess(ctx.services, ctx.viewer!.user.id, sessionIdOf(args.sessionId));
      const live = ctx.services.pubsub.subscribe('activity:board', sessionId);
      return new Repeater<BoardDelivery>(async (push, stop) => {
        // Listening starts before the state is read, so no change falls in between.
        const firstLive = live.next();
        void stop.then(() => live.return?.());
        try {
          const state = await board.boardState(ctx.services, sessionId);
          await push({ kind: 'state', update: Buffer.from(state.update).toString('base64') });
          for (let next = await firstLive; !next.done; next = await live.next()) {
            if (next.value.kind === 'update' && next.value.id <= state.lastId) continue;
            await push(next.value);
          }
        } finally {
          await live.return?.();
          stop();
        }
      });
    },
    resolve: (event) => event,
  }),
);

const DrawOnBoardSuccess = builder
  .objectRef<{ updateId: number }>('DrawOnBoardSuccess')
  .implement({ fields: (t) => ({ updateId: t.exposeInt('updateId') }) });

const BoardAwarenessSuccess = builder
  .objectRef<{ relayed: boolean }>('BoardAwarenessSuccess')
  .implement({ fields: (t) => ({ relayed: t.exposeBoolean('relayed') }) });

builder.mutationFields((t) => ({
  drawOnBoard: t.field({
    type: DrawOnBoardSuccess,
    description:
      'A Yjs update of a drawing activity’s board (base64, at most 64 KB), by one of its players: new strokes of ' +
      'theirs, or deletions of their own strokes (the host may delete any, to clear the board).',
    ...access('owner'),
    args: { sessionId: t.arg.globalID({ required: true }), update: t.arg.string({ required: true }) },
    errors: { directResult: true, union: { name: 'DrawOnBoardResult' } },
    resolve: async (_root, args, ctx) => {
      const userId = ctx.viewer!.user.id;
      const viewer = await board.boardAccess(ctx.services, userId, sessionIdOf(args.sessionId));
      const stored = await board.applyBoardUpdate(ctx.services, { userId, ...viewer }, decodeUpdate(args.update));
      return { updateId: stored.id };
    },
  }),
  sendBoardAwareness: t.field({
    type: BoardAwarenessSuccess,
    description:
      'A y-protocols awareness update (cursor, name, the stroke being drawn), relayed to the board’s watchers, never stored.',
    ...access('owner'),
    args: { sessionId: t.arg.globalID({ required: true }), update: t.arg.string({ required: true }) },
    errors: { directResult: true, union: { name: 'SendBoardAwarenessResult' } },
    resolve: async (_root, args, ctx) => {
      const { sessionId } = await board.boardAccess(ctx.services, ctx.viewer!.user.id, sessionIdOf(args.sessionId));
      board.relayAwareness(ctx.services, sessionId, decodeUpdate(args.update));
      return { relayed: true };
    },
  }),
}));
