import { builder } from '../builder';
import { mediaUrl, thumbnailUrl } from '../services/media';
import { altTextsOf } from '../services/mediaRegister';
import { notBlockedWhere } from '../services/relations';

const MediaKindEnum = builder.enumType('MediaKind', {
  values: { IMAGE: { value: 'image' }, VIDEO: { value: 'video' } } as const,
});

export const PublicationMediaNode = builder.prismaNode('PublicationMedia', {
  id: { field: 'id' },
  nullable: true,
  // Like a publication: nothing of a member a block separates from the viewer.
  findUnique: (id, ctx) => ({ uploader: notBlockedWhere(ctx.viewer?.user.id), id: Number(id) }),
  description: 'An image or a video of a publication (or uploaded for one and not attached yet).',
  // Attached media: signed-in members, like the publication; an upload not attached yet: its uploader only.
  authScopes: (media, ctx) => !!ctx.viewer && (media.publicationId !== null || media.uploaderId === ctx.viewer.user.id),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    filename: t.exposeString('filename', { description: 'The generated name under which the file is stored and served.' }),
    originalName: t.exposeString('originalName', { nullable: true }),
    fileType: t.expose('fileType', { type: MediaKindEnum }),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size'),
    width: t.exposeInt('width', { nullable: true }),
    height: t.exposeInt('height', { nullable: true }),
    durationSeconds: t.exposeFloat('durationSeconds', { nullable: true }),
    url: t.string({ select: { filename: true }, resolve: (media) => mediaUrl(media.filename) }),
    altText: t.loadable({
      type: 'String',
      nullable: true,
      description: 'The alt text an admin gave the file in the media library.',
      loaderOptions: { cache: false },
      load: (filenames: string[], ctx) => altTextsOf(ctx.prisma, filenames),
      resolve: (media) => media.filename,
    }),
    thumbnailUrl: t.string({
      description: 'A small JPEG: the image resized, or a frame of the video.',
      select: { filename: true },
      resolve: (media) => thumbnailUrl(media.filename),
    }),
  }),
});
