import { builder } from '../builder';
import { moduleAccess } from '../auth/access';
import type { Context } from '../context';
import { ConflictError, RateLimitError } from '../services/errors';
import * as engine from '../services/activities/engine';
import * as presentation from '../services/activities/presentation';
import { roomFileUrl } from '../services/roomFiles';
import { databaseIdOf } from './globalIds';
import { ActivitySessionPayload, ActivitySessionRef, payloadOf } from './activities';
import { encodeGlobalID } from '@pothos/plugin-relay';

/**
 * The presentation activity (issue 18 point 5) in GraphQL: the view (the PDF's signed link, its
 * page count and the presenter's page, the same for every viewer), the presenter's page changes,
 * and the laser pointer, an ephemeral channel like the drawing board's awareness.
 */
const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;
const sessionIdOf = (id: Parameters<typeof databaseIdOf>[0]) => databaseIdOf(id, 'ActivitySession', 'activities.notFound');

const PresentationViewRef = builder.objectRef<presentation.PresentationView>('PresentationView').implement({
  description: 'The PDF being presented and the presenter’s page: the same for everyone in the room.',
  fields: (t) => ({
    fileId: t.id({ resolve: (view) => encodeGlobalID('RoomFile', String(view.fileId)) }),
    fileName: t.exposeString('name', { description: 'The name the PDF was uploaded under.' }),
    fileUrl: t.string({
      description: 'The room file’s signed link (the one the files tab gives), valid for an hour or more.',
      resolve: (view, _args, ctx) => roomFileUrl(ctx.services.tokenSecret, view.filename),
    }),
    pageCount: t.exposeInt('pageCount'),
    page: t.exposeInt('page', { description: 'The presenter’s page, 1-based.' }),
  }),
});

builder.objectField(ActivitySessionRef, 'presentation', (t) =>
  t.field({
    type: PresentationViewRef,
    nullable: true,
    resolve: (session) => (session.kind === 'presentation' ? (session.kindView as presentation.PresentationView) : null),
  }),
);

const PresentationPointerRef = builder.objectRef<{ position: presentation.PointerPosition }>('PresentationPointer').implement({
  description: 'Where the presenter’s laser pointer is on the page (0..1 from its top left corner); x and y null: hidden.',
  fields: (t) => ({
    x: t.float({ nullable: true, resolve: (event) => event.position?.x ?? null }),
    y: t.float({ nullable: true, resolve: (event) => event.position?.y ?? null }),
  }),
});

builder.subscriptionField('presentationPointer', (t) =>
  t.field({
    type: PresentationPointerRef,
    description: 'The presenter’s laser pointer as it moves, for someone in the room’s call (never stored: no history).',
    ...moduleAccess('zoomvisor', 'owner'),
    args: { sessionId: t.arg.globalID({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const { sessionId } = await presentation.presentationAccess(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId));
      return ctx.services.pubsub.subscribe('activity:pointer', sessionId);
    },
    resolve: (event) => event,
  }),
);

const PointerRelayed = builder
  .objectRef<{ relayed: boolean }>('PresentationPointerRelayed')
  .implement({ fields: (t) => ({ relayed: t.exposeBoolean('relayed') }) });

builder.mutationFields((t) => ({
  showPresentationPage: t.field({
    type: ActivitySessionPayload,
    description: 'The presenter shows page `page` (1 to the PDF’s page count) to everyone watching.',
    ...moduleAccess('zoomvisor', 'owner'),
    args: { sessionId: t.arg.globalID({ required: true }), page: t.arg.int({ required: true }) },
    errors: { types: [ConflictError], directResult: true, union: { name: 'ShowPresentationPageResult' } },
    resolve: async (_root, args, ctx) =>
      payloadOf(
        ctx,
        await engine.playMove(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId), 'presentation', { page: args.page }),
      ),
  }),
  movePresentationPointer: t.field({
    type: PointerRelayed,
    description:
      'The presenter’s laser pointer at (x, y), each 0..1 on the page, or hidden (both null): relayed to the room, never stored, at most 30 a second.',
    ...moduleAccess('zoomvisor', 'owner'),
    args: {
      sessionId: t.arg.globalID({ required: true }),
      x: t.arg.float({ required: false }),
      y: t.arg.float({ required: false }),
    },
    errors: { types: [RateLimitError], directResult: true, union: { name: 'MovePresentationPointerResult' } },
    resolve: async (_root, args, ctx) => {
      await presentation.relayPointer(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId), {
        x: args.x ?? null,
        y: args.y ?? null,
      });
      return { relayed: true };
    },
  }),
}));
