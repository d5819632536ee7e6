import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { translate } from '../i18n';
import * as galleries from '../services/galleries';
import { encodeGalleryCursor, type GalleryEntry } from '../services/galleries';
import { FEED_PAGE_SIZE } from '../services/publications';
import { mediaUrl, thumbnailUrl } from '../services/media';
import { FileTooLargeError, UnsupportedFileTypeError } from '../services/errors';
import { databaseIdOf } from './globalIds';
import { deletedResult } from './errors';

export const GalleryKindEnum = builder.enumType('GalleryKind', {
  values: { PHOTO: { value: 'photo' }, VIDEO: { value: 'video' } } as const,
});

const GallerySourceEnum = builder.enumType('GallerySource', {
  values: {
    UPLOAD: { value: 'upload', description: 'Uploaded to the gallery itself.' },
    PUBLICATION: { value: 'publication', description: "A file of one of the member's publications." },
  } as const,
});

/** Uploaded items are `GalleryItem:<id>`, publication files `GalleryItem:p<id>`: never the same id. */
const galleryItemId = (entry: Pick<GalleryEntry, 'source' | 'id'>) =>
  encodeGlobalID('GalleryItem', entry.source === 'upload' ? entry.id : `p${entry.id}`);

const GalleryItemRef = builder.objectRef<GalleryEntry>('GalleryItem').implement({
  description: 'A photo or a video of a gallery (spec: id, url, title, uploadDate; videos also thumbnail and duration).',
  fields: (t) => ({
    id: t.id({ resolve: galleryItemId }),
    databaseId: t.exposeInt('id', { description: 'The row id within its source.' }),
    source: t.field({ type: GallerySourceEnum, resolve: (entry) => entry.source }),
    kind: t.field({ type: GalleryKindEnum, resolve: (entry) => entry.kind }),
    url: t.string({ resolve: (entry) => mediaUrl(entry.filename) }),
    thumbnailUrl: t.string({ resolve: (entry) => thumbnailUrl(entry.filename) }),
    title: t.string({
      description: "The given title, or the start of the publication's text, or 'Без названия' (translated).",
      resolve: (entry, _args, ctx) => entry.title ?? translate(ctx.locale, 'gallery.untitled'),
    }),
    uploadDate: t.expose('uploadDate', { type: 'DateTime' }),
    durationSeconds: t.exposeFloat('durationSeconds', { nullable: true }),
    mimeType: t.exposeString('mimeType', { nullable: true }),
    publicationDatabaseId: t.exposeInt('publicationId', { nullable: true }),
  }),
});

builder.queryField('gallery', (t) =>
  t.connection({
    type: GalleryItemRef,
    description:
      "The viewer's photos or videos, newest first: what they uploaded to the gallery and the files of their publications.",
    ...access('member'),
    args: { kind: t.arg({ type: GalleryKindEnum, required: true }) },
    resolve: async (_root, args, ctx) => {
      const first = Math.min(Math.max(args.first ?? FEED_PAGE_SIZE, 1), 100);
      const page = await galleries.galleryPage(ctx.services, ctx.viewer!.user.id, args.kind, first, args.after);
      const edges = page.entries.map((entry) => ({ cursor: encodeGalleryCursor(entry), node: entry }));
      return {
        edges,
        pageInfo: {
          hasNextPage: page.hasNextPage,
          hasPreviousPage: !!args.after,
          startCursor: edges[0]?.cursor ?? null,
          endCursor: edges.at(-1)?.cursor ?? null,
        },
      };
    },
  }),
);

const UploadGalleryMediaSuccess = builder.objectRef<{ items: GalleryEntry[] }>('UploadGalleryMediaSuccess').implement({
  fields: (t) => ({ items: t.field({ type: [GalleryItemRef], resolve: (result) => result.items }) }),
});

const DeleteGalleryItemSuccess = deletedResult('DeleteGalleryItemSuccess');

builder.mutationFields((t) => ({
  uploadGalleryMedia: t.field({
    type: UploadGalleryMediaSuccess,
    description: "Uploads photos (images only) or videos (videos only) to the viewer's gallery, several at once.",
    ...access('member'),
    args: {
      kind: t.arg({ type: GalleryKindEnum, required: true }),
      files: t.arg({ type: ['File'], required: true }),
      title: t.arg.string({ required: false, validate: { schema: galleries.galleryTitle } }),
    },
    errors: {
      types: [FileTooLargeError, UnsupportedFileTypeError],
      directResult: true,
      union: { name: 'UploadGalleryMediaResult' },
    },
    resolve: async (_root, args, ctx) => ({
      items: await galleries.uploadGalleryMedia(ctx.services, ctx.viewer!.user.id, args.kind, args.files, args.title),
    }),
  }),

  deleteGalleryItem: t.field({
    type: DeleteGalleryItemSuccess,
    description: 'Deletes a file uploaded to the gallery (files of publications go with their publication).',
    ...access('owner'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteGalleryItemResult' } },
    resolve: async (_root, args, ctx) => {
      const id = databaseIdOf(String(args.id), 'GalleryItem', 'gallery.notFound');
      await galleries.deleteGalleryItem(ctx.services, ctx.viewer!.user.id, id);
      return { deletedId: String(args.id) };
    },
  }),
}));
