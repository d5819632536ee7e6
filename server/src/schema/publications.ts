import { builder } from '../builder';

/**
 * A publication as the profile page lists it. The publications issue owns this type (composer,
 * feed, media, likes, comments); the profile only needs what is here.
 */
export const PublicationNode = builder.prismaNode('Publication', {
  id: { field: 'id' },
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    content: t.exposeString('content'),
    address: t.exposeString('address', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
    likesCount: t.relationCount('likes'),
    commentsCount: t.relationCount('comments'),
  }),
});

builder.prismaObjectField('User', 'publications', (t) =>
  t.relatedConnection('publications', {
    cursor: 'id',
    description: "This member's publications, newest first (the profile's Publications tab).",
    totalCount: true,
    defaultSize: 20,
    maxSize: 100,
    query: { orderBy: { id: 'desc' } },
  }),
);
