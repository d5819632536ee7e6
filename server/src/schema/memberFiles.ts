import { encodeGlobalID } from '@pothos/plugin-relay';
import type { MediaFile } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import { idCursor } from '../services/cursors';
import { mediaFileUrl } from '../services/mediaLibrary';
import * as memberFiles from '../services/memberFiles';
import { connection, pageSize, type PageArgs } from './paging';
import { deletedResult } from './errors';
import { upperCaseEnumValues } from './enumValues';

const SharedFileKind = builder.enumType('SharedFileKind', {
  description: 'What a member shared a file as.',
  values: upperCaseEnumValues(memberFiles.MEMBER_FILE_KINDS),
});

const FilePlaceKind = builder.enumType('FilePlaceKind', {
  values: upperCaseEnumValues(['publication', 'gallery', 'conversation', 'room', 'none'] as const),
});

const FilePlaceRef = builder.objectRef<memberFiles.FilePlace>('FilePlace').implement({
  description: 'Where a file was shared: a publication, the photo or video gallery, a conversation or a meeting room.',
  fields: (t) => ({
    kind: t.field({ type: FilePlaceKind, resolve: (place) => place.kind }),
    title: t.string({
      nullable: true,
      description: 'The publication’s first words, the gallery item’s title, the conversation’s name, the room’s name.',
      resolve: (place) => (place.kind === 'none' ? null : place.title),
    }),
    isVideo: t.boolean({
      description: 'A gallery item in the video gallery.',
      resolve: (place) => place.kind === 'gallery' && place.video,
    }),
    recipientId: t.id({
      nullable: true,
      description: 'In a one-to-one conversation: the other member (the messenger opens with them).',
      resolve: (place) => (place.kind === 'conversation' && place.otherUserId ? encodeGlobalID('User', place.otherUserId) : null),
    }),
  }),
});

type SharedFile = MediaFile & { place: memberFiles.FilePlace };

const SharedFileRef = builder.objectRef<SharedFile>('SharedFile').implement({
  description: 'A file the viewer shared (the social area’s files section).',
  fields: (t) => ({
    id: t.id({ resolve: (file) => encodeGlobalID('SharedFile', file.id) }),
    name: t.exposeString('originalName'),
    kind: t.field({ type: SharedFileKind, resolve: (file) => file.kind as (typeof memberFiles.MEMBER_FILE_KINDS)[number] }),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    url: t.string({
      nullable: true,
      description: 'Where a browser loads it (signed for private files).',
      resolve: (file, _args, ctx) => mediaFileUrl(ctx.services, file),
    }),
    place: t.field({ type: FilePlaceRef, resolve: (file) => file.place }),
  }),
});

const fileCursor = idCursor('file');

/** One page of the viewer's shared files, newest first, with where each was shared (a constant number of queries per page). */
async function filePage(ctx: Context, args: PageArgs) {
  const viewerId = ctx.viewer!.user.id;
  const first = pageSize(args, 30);
  const after = fileCursor.decode(args.after);
  const rows = await ctx.prisma.mediaFile.findMany({
    where: {
      uploaderId: viewerId,
      kind: { in: [...memberFiles.MEMBER_FILE_KINDS] },
      ...(after === null ? {} : { id: { lt: after } }),
    },
    orderBy: { id: 'desc' },
    take: first + 1,
  });
  const places = await memberFiles.placesOf(ctx.services, viewerId, rows.slice(0, first));
  const files = rows.map((row, index): SharedFile => ({ ...row, place: places[index] ?? { kind: 'none' } }));
  return connection(files, first, (file) => fileCursor.encode(file.id), args.after);
}

builder.queryField('myFiles', (t) =>
  t.connection({
    type: SharedFileRef,
    description:
      'The files the viewer shared (attachments, voice messages, publication media, gallery items, room files), newest first.',
    ...access('member'),
    resolve: (_root, args, ctx) => filePage(ctx, args),
  }),
);

builder.mutationField('deleteMyFile', (t) =>
  t.field({
    type: deletedResult('DeleteMyFileSuccess'),
    description:
      'Deletes a file the viewer shared, from where it was shared and from storage; another member’s file is not found.',
    ...access('owner'),
    args: { id: t.arg.globalID({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteMyFileResult' } },
    resolve: async (_root, { id }, ctx) => {
      const fileId = Number(id.typename === 'SharedFile' ? id.id : NaN);
      await memberFiles.deleteMemberFile(ctx.services, ctx.viewer!.user.id, Number.isSafeInteger(fileId) ? fileId : -1);
      return { deletedId: encodeGlobalID('SharedFile', id.id) };
    },
  }),
);
