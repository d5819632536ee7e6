import { builder } from '../builder';
import { access } from '../auth/access';
import * as places from '../services/places';
import { parsedBy } from '../services/validation';
import { notBlockedWhere } from '../services/relations';
import { quotas } from '../services/limits';
import type { GeocodedPlace, ReverseGeocoded } from '../services/geocoder';

type MapConfig = { tileUrlTemplate: string; tileAttribution: string; addressSearch: boolean };

const MapConfigRef = builder.objectRef<MapConfig>('MapConfig').implement({
  description:
    'The map the place picker shows (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) and whether address search works (GEOCODER_URL).',
  fields: (t) => ({
    tileUrlTemplate: t.exposeString('tileUrlTemplate', { description: 'A Leaflet tile URL template: {z}, {x}, {y}, maybe {s}.' }),
    tileAttribution: t.exposeString('tileAttribution', { description: 'HTML, from the server configuration.' }),
    addressSearch: t.exposeBoolean('addressSearch'),
  }),
});

const GeocodedPlaceRef = builder.objectRef<GeocodedPlace>('GeocodedPlace').implement({
  description: 'A place the geocoder found for an address search.',
  fields: (t) => ({
    displayName: t.exposeString('displayName'),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
  }),
});

const ReverseGeocodedRef = builder.objectRef<ReverseGeocoded>('ReverseGeocodeResult').implement({
  description: 'The address of a point; the coordinates with 6 decimals when the geocoder failed or knows nothing there.',
  fields: (t) => ({
    address: t.exposeString('address'),
    latitude: t.exposeFloat('latitude'),
    longitude: t.exposeFloat('longitude'),
    found: t.exposeBoolean('found', { description: 'False when `address` is only the coordinates.' }),
  }),
});

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
  nullable: true,
  // Nothing of a member a block separates from the viewer, as in the reviews list.
  findUnique: (id, ctx) => ({ author: notBlockedWhere(ctx.viewer?.user.id), id: Number(id) }),
  // Like the reviews query: signed-in members (also what node(id) obeys).
  authScopes: { loggedIn: true },
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
      resolve: (query, result, _args, ctx) =>
        ctx.prisma.locationReview.findUniqueOrThrow({ ...query, where: { id: result.reviewId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  mapConfig: t.field({
    type: MapConfigRef,
    ...access('member'),
    resolve: (_root, _args, ctx) => ({
      tileUrlTemplate: ctx.services.config.mapTileUrl,
      tileAttribution: ctx.services.config.mapTileAttribution,
      addressSearch: ctx.services.geocoder.enabled,
    }),
  }),

  geocodeSearch: t.field({
    type: [GeocodedPlaceRef],
    description: "Places matching an address, in the viewer's language, through our paced and cached geocoder proxy.",
    ...access('member'),
    args: { query: t.arg.string({ required: true, validate: { schema: places.geocodeQuery } }) },
    resolve: async (_root, args, ctx) => {
      await quotas.geocoder(ctx.services, ctx.viewer!.user.id);
      return ctx.services.geocoder.search(parsedBy(places.geocodeQuery, args.query), ctx.locale);
    },
  }),

  reverseGeocode: t.field({
    type: ReverseGeocodedRef,
    description: "The address of a point, in the viewer's language; its coordinates with 6 decimals when the geocoder fails.",
    ...access('member'),
    args: {
      latitude: t.arg.float({ required: true, validate: { schema: places.coordinates.latitude } }),
      longitude: t.arg.float({ required: true, validate: { schema: places.coordinates.longitude } }),
    },
    resolve: async (_root, args, ctx) => {
      await quotas.geocoder(ctx.services, ctx.viewer!.user.id);
      return ctx.services.geocoder.reverse(args.latitude, args.longitude, ctx.locale);
    },
  }),

  mapProviders: t.prismaField({
    type: ['MapProvider'],
    ...access('member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.mapProvider.findMany({ ...query, orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
  }),

  locationReviews: t.prismaField({
    type: ['LocationReview'],
    description: 'Reviews of the place at these coordinates (within about 20 m), newest first.',
    ...access('member'),
    args: {
      latitude: t.arg.float({ required: true, validate: { schema: places.coordinates.latitude } }),
      longitude: t.arg.float({ required: true, validate: { schema: places.coordinates.longitude } }),
      first: t.arg.int({ required: false, description: 'At most 100 (the default).' }),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.locationReview.findMany({
        ...query,
        where: { ...places.nearPlace(args.latitude, args.longitude), author: notBlockedWhere(ctx.viewer!.user.id) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: Math.min(Math.max(args.first ?? 100, 1), 100),
      }),
  }),
}));

builder.mutationField('addLocationReview', (t) =>
  t.field({
    type: AddLocationReviewSuccess,
    ...access('member'),
    args: {
      input: t.arg({ type: AddLocationReviewInput, required: true, validate: { schema: places.locationReviewInput } }),
    },
    errors: { directResult: true, union: { name: 'AddLocationReviewResult' } },
    resolve: async (_root, { input }, ctx) => {
      const review = await places.addLocationReview(
        ctx.services,
        ctx.viewer!.user.id,
        parsedBy(places.locationReviewInput, input),
      );
      return { reviewId: review.id };
    },
  }),
);
