import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import * as publications from '../services/publications';
import { FileTooLargeError, RateLimitError, UnsupportedFileTypeError } from '../services/errors';
import { parsedBy } from '../services/validation';
import { PlaceInput } from './places';
import { idempotencyKeyArg, idempotencyKeyField } from './idempotency';
import { databaseIdOf } from './globalIds';

const publicationId = (globalId: string) => databaseIdOf(globalId, 'Publication', 'publication.notFound');

const CreatePublicationInput = builder.inputType('CreatePublicationInput', {
  fields: (t) => ({
    content: t.string({ required: false }),
    location: t.field({ type: PlaceInput, required: false }),
    media: t.field({ type: ['File'], required: false, description: 'Images and videos, as files of this multipart request.' }),
    mediaFilenames: t.stringList({
      required: false,
      description: 'Files uploaded before with uploadPublicationMedia, to attach.',
    }),
    idempotencyKey: idempotencyKeyField(t),
    communityId: t.id({ required: false, description: 'Publishes into this community (its members only).' }),
  }),
});

/** Payload fields read the publication back with exactly what the client selected. */
const readPublication = {
  type: 'Publication',
  resolve: (query: { include?: object; select?: object }, result: { publicationId: number }, _args: object, ctx: Context) =>
    ctx.prisma.publication.findUniqueOrThrow({ ...query, where: { id: result.publicationId } }),
} as const;

const publicationPayload = (name: string) =>
  builder.objectRef<{ publicationId: number }>(name).implement({
    fields: (t) => ({ publication: t.prismaField(readPublication) }),
  });

const CreatePublicationSuccess = publicationPayload('CreatePublicationSuccess');
const UpdatePublicationSuccess = publicationPayload('UpdatePublicationSuccess');
const AttachPublicationMediaSuccess = publicationPayload('AttachPublicationMediaSuccess');

const LikePublicationSuccess = builder.objectRef<{ publicationId: number; liked: boolean }>('LikePublicationSuccess').implement({
  fields: (t) => ({
    liked: t.exposeBoolean('liked', { description: 'Whether the viewer likes it now.' }),
    publication: t.prismaField(readPublication),
  }),
});

const BookmarkPublicationSuccess = builder
  .objectRef<{ publicationId: number; bookmarked: boolean }>('BookmarkPublicationSuccess')
  .implement({
    fields: (t) => ({
      bookmarked: t.exposeBoolean('bookmarked', { description: 'Whether the viewer bookmarks it now.' }),
      publication: t.prismaField(readPublication),
    }),
  });

const AddPublicationCommentSuccess = builder
  .objectRef<{ publicationId: number; commentId: number }>('AddPublicationCommentSuccess')
  .implement({
    fields: (t) => ({
      comment: t.prismaField({
        type: 'PublicationComment',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.publicationComment.findUniqueOrThrow({ ...query, where: { id: result.commentId } }),
      }),
      publication: t.prismaField(readPublication),
    }),
  });

const DeletePublicationSuccess = builder
  .objectRef<{ globalId: string; publicationId: number }>('DeletePublicationSuccess')
  .implement({
    fields: (t) => ({
      deletedId: t.id({ description: 'The global id of the deleted publication.', resolve: (result) => result.globalId }),
      deletedDatabaseId: t.exposeInt('publicationId'),
    }),
  });

const UploadPublicationMediaSuccess = builder.objectRef<{ ids: number[] }>('UploadPublicationMediaSuccess').implement({
  fields: (t) => ({
    media: t.prismaField({
      type: ['PublicationMedia'],
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.publicationMedia.findMany({ ...query, where: { id: { in: result.ids } }, orderBy: { position: 'asc' } }),
    }),
  }),
});

const uploadErrors = [FileTooLargeError, UnsupportedFileTypeError, RateLimitError];

builder.mutationFields((t) => ({
  createPublication: t.field({
    type: CreatePublicationSuccess,
    description: 'Publishes text, images and videos (files of this multipart request or uploaded before) and a place.',
    ...access('member'),
    args: {
      input: t.arg({ type: CreatePublicationInput, required: true, validate: { schema: publications.createPublicationInput } }),
    },
    errors: { types: uploadErrors, directResult: true, union: { name: 'CreatePublicationResult' } },
    resolve: async (_root, { input }, ctx) => {
      const communityId = input.communityId ? databaseIdOf(String(input.communityId), 'Community', 'community.notFound') : null;
      const created = await publications.createPublication(ctx.services, ctx.viewer!.user.id, {
        ...parsedBy(publications.createPublicationInput, input),
        communityId,
      });
      return { publicationId: created.id };
    },
  }),

  uploadPublicationMedia: t.field({
    type: UploadPublicationMediaSuccess,
    description:
      'Stores images and videos for a publication made next (attach them with mediaFilenames or attachPublicationMedia).',
    ...access('member'),
    args: { files: t.arg({ type: ['File'], required: true }) },
    errors: { types: uploadErrors, directResult: true, union: { name: 'UploadPublicationMediaResult' } },
    resolve: async (_root, { files }, ctx) => {
      const media = await publications.uploadPublicationMedia(ctx.services, ctx.viewer!.user.id, files);
      return { ids: media.map((m) => m.id) };
    },
  }),

  attachPublicationMedia: t.field({
    type: AttachPublicationMediaSuccess,
    ...access('owner'),
    args: {
      id: t.arg.id({ required: true }),
      filenames: t.arg.stringList({ required: true, validate: { schema: publications.attachMediaInput.shape.filenames } }),
    },
    errors: {
      directResult: true,
      union: { name: 'AttachPublicationMediaResult' },
    },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.attachPublicationMedia(ctx.services, ctx.viewer!.user.id, id, args.filenames);
      return { publicationId: id };
    },
  }),

  updatePublication: t.field({
    type: UpdatePublicationSuccess,
    description: 'Changes the text (the author only); an unchanged text is not written.',
    ...access('owner'),
    args: {
      id: t.arg.id({ required: true }),
      content: t.arg.string({ required: true, validate: { schema: publications.updatePublicationInput.shape.content } }),
    },
    errors: {
      directResult: true,
      union: { name: 'UpdatePublicationResult' },
    },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.updatePublication(ctx.services, ctx.viewer!.user.id, id, args.content);
      return { publicationId: id };
    },
  }),

  deletePublication: t.field({
    type: DeletePublicationSuccess,
    description:
      'Deletes a publication with its media, likes and comments (the author; in a community, its owner and moderators too).',
    ...access('owner'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeletePublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      await publications.deletePublication(ctx.services, ctx.viewer!.user.id, id);
      return { globalId: String(args.id), publicationId: id };
    },
  }),

  likePublication: t.field({
    type: LikePublicationSuccess,
    description: 'Sets whether the viewer likes a publication; without `liked`, toggles it.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }), liked: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'LikePublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      const liked = await publications.setLike(ctx.services, ctx.viewer!.user.id, id, args.liked ?? null);
      return { publicationId: id, liked };
    },
  }),

  bookmarkPublication: t.field({
    type: BookmarkPublicationSuccess,
    description: 'Sets whether the viewer bookmarks a publication they can see; without `bookmarked`, toggles it.',
    ...access('member'),
    args: { id: t.arg.id({ required: true }), bookmarked: t.arg.boolean({ required: false }) },
    errors: { directResult: true, union: { name: 'BookmarkPublicationResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.id));
      const bookmarked = await publications.setBookmark(ctx.services, ctx.viewer!.user.id, id, args.bookmarked ?? null);
      return { publicationId: id, bookmarked };
    },
  }),

  addPublicationComment: t.field({
    type: AddPublicationCommentSuccess,
    ...access('member'),
    args: {
      publicationId: t.arg.id({ required: true }),
      text: t.arg.string({ required: true, validate: { schema: publications.commentInput.shape.text } }),
      idempotencyKey: idempotencyKeyArg(t.arg),
    },
    errors: { directResult: true, union: { name: 'AddPublicationCommentResult' } },
    resolve: async (_root, args, ctx) => {
      const id = publicationId(String(args.publicationId));
      const comment = await publications.addComment(ctx.services, ctx.viewer!.user.id, id, args.text, args.idempotencyKey);
      return { publicationId: id, commentId: comment.id };
    },
  }),
}));
