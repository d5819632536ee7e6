import { z } from 'zod';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { ValidationError } from './errors';

/** The place of a publication or a review: coordinates, an address, the map service to show it on. */
export const coordinates = {
  latitude: z.number({ message: 'place.latitude' }).min(-90, 'place.latitude').max(90, 'place.latitude'),
  longitude: z.number({ message: 'place.longitude' }).min(-180, 'place.longitude').max(180, 'place.longitude'),
};

/** An address search: what a member typed, at least 2 characters. */
export const geocodeQuery = z.string().trim().min(2, 'geocoder.queryTooShort').max(200, 'validation.tooLong');

export const placeInput = z.object({
  ...coordinates,
  address: z.string().trim().max(500, 'validation.tooLong').nullish(),
  mapProvider: z.string().trim().max(32, 'validation.tooLong').nullish(),
});

export const REVIEW_TEXT_MAX_LENGTH = 2000;

export const locationReviewInput = z.object({
  ...coordinates,
  // Spec section 9: the default rating is 5.
  rating: z
    .number()
    .int('review.rating')
    .min(1, 'review.rating')
    .max(5, 'review.rating')
    .nullish()
    .transform((rating) => rating ?? 5),
  text: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX_LENGTH, 'validation.tooLong')
    .nullish()
    .transform((text) => text ?? ''),
});

/**
 * Links to a place on each map service the spec names; a provider without a template here
 * (added in the database later) links to OpenStreetMap.
 */
const MAP_LINKS: Record<string, (lat: number, lon: number) => string> = {
  openstreetmap: (lat, lon) => `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  google: (lat, lon) => `https://www.google.com/maps/search/?api=1&query=${lat},${lon}`,
  yandex: (lat, lon) => `https://yandex.ru/maps/?pt=${lon},${lat}&z=16&l=map`,
};

export const mapUrl = (provider: string | null, latitude: number, longitude: number) =>
  (MAP_LINKS[provider ?? ''] ?? MAP_LINKS.openstreetmap)(latitude, longitude);

/** The place as stored: the provider checked against the known ones, the default when none is given. */
export async function resolveMapProvider(prisma: PrismaClient, place: z.output<typeof placeInput>) {
  const providers = await prisma.mapProvider.findMany({ select: { key: true, isDefault: true } });
  const key = place.mapProvider || providers.find((p) => p.isDefault)?.key || 'openstreetmap';
  if (providers.length > 0 && !providers.some((p) => p.key === key)) {
    throw new ValidationError([{ path: ['location', 'mapProvider'], messageKey: 'place.unknownProvider' }]);
  }
  return { latitude: place.latitude, longitude: place.longitude, address: place.address || null, mapProvider: key };
}

/**
 * Reviews are of a place, and the same place is rarely given twice with the same digits: a
 * review belongs to every point within this many degrees (about 20 m).
 */
export const PLACE_TOLERANCE_DEGREES = 0.0002;

export const nearPlace = (latitude: number, longitude: number) => ({
  latitude: { gte: latitude - PLACE_TOLERANCE_DEGREES, lte: latitude + PLACE_TOLERANCE_DEGREES },
  longitude: { gte: longitude - PLACE_TOLERANCE_DEGREES, lte: longitude + PLACE_TOLERANCE_DEGREES },
});

export async function addLocationReview(services: Services, authorId: number, input: z.output<typeof locationReviewInput>) {
  return services.prisma.locationReview.create({ data: { authorId, ...input }, select: { id: true } });
}
