import { builder } from '../builder';
import { ValidationError } from '../services/errors';
import * as places from '../services/places';
import { parsedBy } from '../services/validation';

export const PlaceInput = builder.inputType('PlaceInput', {
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    address: t.string({ required: false, description: 'Without one, clients show the coordinates.' }),
    mapProvider: t.string({ required: false, description: 'A map provider key; the default provider when absent.' }),
  }),
});

builder.prismaObject('MapProvider', {
  description: 'A map service a place can be shown on.',
  fields: (t) => ({
    key: t.exposeString('key', { description: 'openstreetmap, google, yandex (the REST `id`).' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

builder.prismaNode('LocationReview', {
  id: { field: 'id' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    rating: t.exposeInt('rating', { description: '1 to 5.' }),
    text: t.exposeString('text'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.relation('author'),
  }),
});

const AddLocationReviewInput = builder.inputType('AddLocationReviewInput', {
  fields: (t) => ({
    latitude: t.float({ required: true }),
    longitude: t.float({ required: true }),
    rating: t.int({ required: false, description: '1 to 5; 5 when absent.' }),
    text: t.string({ required: false }),
  }),
});

const AddLocationReviewSuccess = builder.objectRef<{ reviewId: number }>('AddLocationReviewSuccess').implement({
  fields: (t) => ({
    review: t.prismaField({
      type: 'LocationReview',
      resolve: (query, result, _args, ctx) => ctx.prisma.locationReview.findUniqueOrThrow({ ...query, where: { id: result.reviewId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  mapProviders: t.prismaField({
    type: ['MapProvider'],
    authScopes: { loggedIn: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.mapProvider.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),

  locationReviews: t.prismaField({
    type: ['LocationReview'],
    description: 'Reviews of the place at these coordinates (within about 20 m), newest first.',
    authScopes: { loggedIn: true },
    args: {
      latitude: t.arg.float({ required: true, validate: { schema: places.coordinates.latitude } }),
      longitude: t.arg.float({ required: true, validate: { schema: places.coordinates.longitude } }),
      first: t.arg.int({ required: false, description: 'At most 100 (the default).' }),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.locationReview.findMany({
        ...query,
        where: places.nearPlace(args.latitude, args.longitude),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: Math.min(Math.max(args.first ?? 100, 1), 100),
      }),
  }),
}));

builder.mutationField('addLocationReview', (t) =>
  t.field({
    type: AddLocationReviewSuccess,
    authScopes: { loggedIn: true },
    args: {
      input: t.arg({ type: AddLocationReviewInput, required: true, validate: { schema: places.locationReviewInput } }),
    },
    errors: { types: [ValidationError], directResult: true, union: { name: 'AddLocationReviewResult' } },
    resolve: async (_root, { input }, ctx) => {
      const review = await places.addLocationReview(ctx.services, ctx.viewer!.user.id, parsedBy(places.locationReviewInput, input));
      return { reviewId: review.id };
    },
  }),
);
