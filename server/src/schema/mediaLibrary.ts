import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { translate } from '../i18n';
import { formatBytes } from '../services/adminStats';
import * as mediaLibrary from '../services/mediaLibrary';
import { parsedBy } from '../services/validation';
import { databaseIdOf } from './globalIds';

const StoredFileKindEnum = builder.enumType('StoredFileKind', {
  description: 'Where a stored file belongs.',
  values: {
    AVATAR: { value: 'avatar' },
    COVER: { value: 'cover' },
    PUBLICATION: { value: 'publication' },
    GALLERY: { value: 'gallery' },
    ATTACHMENT: { value: 'attachment' },
    VOICE: { value: 'voice' },
    ROOM_FILE: { value: 'room_file' },
    BRANDING: { value: 'branding' },
    LANDING: { value: 'landing' },
    RECORDING: { value: 'recording' },
  } as const,
});

const MediaTypeEnum = builder.enumType('MediaFileType', {
  description: 'The type the media library shows, from the extension (spec section 3, "Media file").',
  values: { IMAGE: { value: 'image' }, VIDEO: { value: 'video' }, PDF: { value: 'pdf' }, FILE: { value: 'file' } } as const,
});

export const MediaFileNode = builder.prismaNode('MediaFile', {
  id: { field: 'id' },
  nullable: true,
  description: 'One stored file of the platform, as the admin media library lists it.',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    kind: t.expose('kind', { type: StoredFileKindEnum }),
    filename: t.string({
      description: 'The name shown (editable); the stored name until an admin renames it.',
      select: { filename: true, displayName: true },
      resolve: (file) => file.displayName ?? file.filename,
    }),
    storedName: t.exposeString('filename', { description: 'The generated name the file is stored and served under.' }),
    originalName: t.exposeString('originalName'),
    mimeType: t.exposeString('mimeType'),
    type: t.field({
      type: MediaTypeEnum,
      select: { filename: true },
      resolve: (file) => mediaLibrary.mediaTypeOf(file.filename),
    }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    sizeText: t.string({
      description: 'Bytes, KB, MB, GB (base 1024, 2 decimals).',
      select: { size: true },
      resolve: (file) => formatBytes(file.size),
    }),
    description: t.exposeString('description', { nullable: true }),
    altText: t.exposeString('altText', { nullable: true }),
    url: t.string({
      nullable: true,
      description: 'Where a browser loads the file (signed for private files).',
      select: { kind: true, filename: true },
      resolve: (file, _args, ctx) => mediaLibrary.mediaFileUrl(ctx.services, file),
    }),
    uploader: t.relation('uploader', { nullable: true, description: 'Null once the account is deleted.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.queryField('mediaFiles', (t) =>
  t.prismaConnection({
    type: 'MediaFile',
    cursor: 'id',
    description: 'Every stored file of the platform, newest first (the admin media library).',
    ...access('admin'),
    defaultSize: 20,
    maxSize: 100,
    totalCount: (_parent, _args, ctx) => ctx.prisma.mediaFile.count(),
    resolve: (query, _root, _args, ctx) => ctx.prisma.mediaFile.findMany({ ...query, orderBy: { id: 'desc' } }),
  }),
);

const UpdateMediaFileInput = builder.inputType('UpdateMediaFileInput', {
  description: 'What an admin edits; omitted fields stay as they are, a blank description or alt text removes it.',
  fields: (t) => ({
    filename: t.string({ description: 'The name shown in the library (the stored name does not change).' }),
    description: t.string(),
    altText: t.string({ description: 'The text pages give the image for screen readers.' }),
  }),
});

const MediaFileChange = builder.objectRef<{ id: number }>('MediaFileChange').implement({
  description: 'The file after an admin’s edit, and a confirmation in the request’s language.',
  fields: (t) => ({
    mediaFile: t.prismaField({
      type: 'MediaFile',
      resolve: (query, result, _args, ctx) => ctx.prisma.mediaFile.findUniqueOrThrow({ ...query, where: { id: result.id } }),
    }),
    message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'media.updated') }),
  }),
});

const DeleteMediaFileSuccess = builder.objectRef<{ deletedId: string }>('DeleteMediaFileSuccess').implement({
  fields: (t) => ({
    deletedMediaFileId: t.id({ description: 'The global id of the deleted file.', resolve: (r) => r.deletedId }),
    message: t.string({ resolve: (_result, _args, ctx) => translate(ctx.locale, 'media.deleted') }),
  }),
});

builder.mutationFields((t) => ({
  updateMediaFile: t.field({
    type: MediaFileChange,
    description: 'An admin edits the shown name, description and alt text of a stored file.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: MediaFileNode, required: true }),
      input: t.arg({ type: UpdateMediaFileInput, required: true, validate: { schema: mediaLibrary.updateMediaFileInput } }),
    },
    errors: { types: [], directResult: true, union: { name: 'UpdateMediaFileResult' } },
    resolve: async (_root, { id, input }, ctx) => {
      const fileId = databaseIdOf(id, 'MediaFile', 'media.notFound');
      const file = await mediaLibrary.updateMediaFile(
        ctx.services,
        ctx.viewer!.user,
        fileId,
        parsedBy(mediaLibrary.updateMediaFileInput, input),
      );
      return { id: file.id };
    },
  }),

  deleteMediaFile: t.field({
    type: DeleteMediaFileSuccess,
    description: 'An admin deletes a stored file: it leaves storage, and the places that showed it fall back.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: MediaFileNode, required: true }) },
    errors: { types: [], directResult: true, union: { name: 'DeleteMediaFileResult' } },
    resolve: async (_root, { id }, ctx) => {
      const fileId = databaseIdOf(id, 'MediaFile', 'media.notFound');
      await mediaLibrary.deleteMediaFile(ctx.services, ctx.viewer!.user, fileId);
      return { deletedId: encodeGlobalID('MediaFile', fileId) };
    },
  }),
}));
