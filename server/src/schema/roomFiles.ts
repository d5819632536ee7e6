import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import * as roomFiles from '../services/roomFiles';
import { databaseIdOf } from './globalIds';
import { deletedResult } from './errors';
import { RoomNode } from './rooms';

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;

export const RoomFileNode = builder.prismaNode('RoomFile', {
  id: { field: 'id' },
  nullable: true,
  description: 'A file shared in a room (uploaded over tus at /api/zoomvisor/uploads); its room’s members see it.',
  findUnique: (id, ctx) => ({ ...roomFiles.visibleRoomFileWhere(viewerId(ctx)), id: Number(id) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('originalName', { description: 'The name it was uploaded under.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    mimeType: t.exposeString('mimeType'),
    uploader: t.relation('uploader', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    downloadUrl: t.string({
      description: 'A signed link that downloads the file, valid for an hour or more.',
      extensions: PER_VIEWER,
      select: { filename: true },
      resolve: (file, _args, ctx) => roomFiles.roomFileUrl(ctx.services.tokenSecret, file.filename),
    }),
    viewerCanDelete: t.boolean({
      description: 'Its uploader and the room’s owner may delete it.',
      extensions: PER_VIEWER,
      select: { uploaderId: true, room: { select: { createdById: true } } },
      resolve: (file, _args, ctx) => roomFiles.canDeleteRoomFile(file, file.room, viewerId(ctx)),
    }),
  }),
});

builder.queryField('roomFiles', (t) =>
  t.prismaField({
    type: ['RoomFile'],
    description: 'The files of a room the viewer is a member of, newest first.',
    ...access('owner'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    resolve: (query, _root, args, ctx) =>
      roomFiles.listRoomFiles(ctx.services, viewerId(ctx), databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'), query),
  }),
);

builder.subscriptionField('roomFilesChanged', (t) =>
  t.prismaField({
    type: ['RoomFile'],
    description:
      'The files of a room the viewer is a member of, newest first, each time one is added or deleted (by anyone): keeps the files tab live.',
    ...access('owner'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    subscribe: async (_root, args, ctx) => {
      const roomId = databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound');
      // Refused at once for someone who may not see the room's files.
      await roomFiles.roomFileMember(ctx.services, viewerId(ctx), roomId);
      return ctx.services.pubsub.subscribe('room:files', roomId);
    },
    // Membership is checked again with each change: someone who left the room stops getting its files.
    resolve: (query, _event, args, ctx) =>
      roomFiles.listRoomFiles(ctx.services, viewerId(ctx), databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'), query),
  }),
);

const DeleteRoomFileSuccess = deletedResult('DeleteRoomFileSuccess');

builder.mutationField('deleteRoomFile', (t) =>
  t.field({
    type: DeleteRoomFileSuccess,
    description: 'Deletes a room file: its uploader or the room’s owner. Answers its id.',
    ...access('owner'),
    args: { id: t.arg.globalID({ required: true, for: RoomFileNode }) },
    errors: { directResult: true, union: { name: 'DeleteRoomFileResult' } },
    resolve: async (_root, args, ctx) => {
      await roomFiles.deleteRoomFile(ctx.services, viewerId(ctx), databaseIdOf(args.id, 'RoomFile', 'roomFiles.notFound'));
      return { deletedId: encodeGlobalID('RoomFile', args.id.id) };
    },
  }),
);
