import { builder } from '../builder';

/**
 * A publication as the profile page lists it (User.publications, in profile.ts). The publications
 * issue owns this type (composer, feed, media, likes, comments); the profile only needs what is here.
 */
export const PublicationNode = builder.prismaNode('Publication', {
  id: { field: 'id' },
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
    likesCount: t.relationCount('likes'),
    commentsCount: t.relationCount('comments'),
  }),
});
