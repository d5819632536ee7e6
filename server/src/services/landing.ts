import { z } from 'zod';
import type { LandingPage } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import type { Services } from './container';
import { translate, type Locale } from '../i18n';
import { isStoredName } from '../storage/fileStore';
import { detectFileType } from '../storage/fileTypes';
import { ImageTooLargeError, resizeImage, UnreadableMediaError } from '../storage/mediaProcessing';
import { audited, type AuditActor } from './audit';
import { FileTooLargeError, UnsupportedFileTypeError, ValidationError } from './errors';
import { rules } from './validation';
import { recordStoredFiles } from './mediaRegister';

/** The landing page (spec sections 2 "Admin landing editor", 3 "Landing page"): one page, edited by admins, read by anyone. */

/** Where hero images are public: `/uploads/landing/<stored name>`. */
export const LANDING_IMAGES_PATH = '/uploads/landing/';

/** A hero image: any common picture by content, at most 10 MB (the spec's photo limit), stored within 1920x1080. */
export const LANDING_IMAGE_MAX_BYTES = 10_485_760;
const LANDING_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const HERO_SIZE = { width: 1920, height: 1080, fit: 'inside' } as const;

export const LANDING_LIMITS = {
  title: 255,
  subtitle: 255,
  description: 5000,
  feature: 200,
  features: 20,
  ctaText: 100,
  ctaLink: 500,
};

/** The stored name behind a hero image URL; null for anything that is not one of ours. */
export function landingImageName(url: string): string | null {
  if (!url.startsWith(LANDING_IMAGES_PATH)) return null;
  const name = url.slice(LANDING_IMAGES_PATH.length);
  return isStoredName(name) ? name : null;
}

/** A button link: a path of this site (`/register`, not `//host`) or an http(s) address. */
export function isAllowedLink(link: string): boolean {
  if (/\s|\\/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const blankToNull = (value: string | null | undefined) => value || null;

export const landingInput = z.object({
  title: rules.requiredText(LANDING_LIMITS.title, 'landing.titleRequired'),
  subtitle: rules.optionalText(LANDING_LIMITS.subtitle),
  description: rules.optionalText(LANDING_LIMITS.description),
  /** The image_url POST /landing/upload-image gave; blank: none. */
  heroImage: z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .nullish()
    .transform(blankToNull)
    .refine((value) => value === null || landingImageName(value) !== null, 'landing.invalidHeroImage'),
  features: z
    .array(z.string().trim().max(LANDING_LIMITS.feature, 'validation.tooLong'))
    .max(LANDING_LIMITS.features, 'landing.tooManyFeatures')
    .nullish()
    .transform((list) => (list ?? []).filter((feature) => feature !== '')),
  /** Blank: the translated default ("Start"). */
  ctaText: rules.optionalText(LANDING_LIMITS.ctaText),
  /** Blank: /register. */
  ctaLink: z
    .string()
    .trim()
    .max(LANDING_LIMITS.ctaLink, 'validation.tooLong')
    .nullish()
    .transform(blankToNull)
    .refine((value) => value === null || isAllowedLink(value), 'landing.invalidLink'),
});
export type LandingInput = z.output<typeof landingInput>;

/** The page as shown, in the reader's language where the admin left the defaults. */
export type LandingView = {
  title: string;
  subtitle: string | null;
  description: string | null;
  heroImage: string | null;
  features: string[];
  ctaText: string;
  ctaLink: string;
  updatedAt: Date | null;
};

export const DEFAULT_CTA_LINK = '/register';

const featuresOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function landingView(row: LandingPage | null, locale: Locale): LandingView {
  return {
    title: row?.title || translate(locale, 'landing.defaultTitle'),
    subtitle: row ? row.subtitle : translate(locale, 'landing.defaultSubtitle'),
    description: row?.description ?? null,
    heroImage: row?.heroImage ?? null,
    features: featuresOf(row?.features),
    ctaText: row?.ctaText || translate(locale, 'landing.defaultCta'),
    ctaLink: row?.ctaLink || DEFAULT_CTA_LINK,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The one landing page row; null until an admin first saves it. */
export const readLanding = (prisma: PrismaClient) => prisma.landingPage.findFirst({ orderBy: { id: 'asc' } });

const snapshot = (row: LandingPage | null) =>
  row && {
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    heroImage: row.heroImage,
    features: featuresOf(row.features),
    ctaText: row.ctaText,
    ctaLink: row.ctaLink,
  };

/** Saves the page (audited `landing.update`); a replaced hero image of ours leaves storage afterwards. */
export async function saveLanding(services: Services, actor: AuditActor, input: LandingInput): Promise<LandingPage> {
  const { prisma } = services;
  const heroName = input.heroImage && landingImageName(input.heroImage);
  if (heroName) {
    if (!(await services.landingImageStore.exists(heroName)))
      throw new ValidationError([{ path: ['heroImage'], messageKey: 'landing.invalidHeroImage' }]);
  }
  const data = {
    title: input.title,
    subtitle: input.subtitle ?? null,
    description: input.description ?? null,
    heroImage: input.heroImage,
    features: input.features,
    ctaText: input.ctaText ?? null,
    ctaLink: input.ctaLink ?? DEFAULT_CTA_LINK,
  };
  const { saved, previous } = await audited(prisma, { actor, action: 'landing.update', targetType: 'landing' }, async (tx) => {
    const current = await tx.landingPage.findFirst({ orderBy: { id: 'asc' } });
    const saved = current
      ? await tx.landingPage.update({ where: { id: current.id }, data })
      : await tx.landingPage.create({ data });
    return { result: { saved, previous: current }, before: snapshot(current), after: snapshot(saved), targetId: saved.id };
  });
  const replaced = previous?.heroImage && previous.heroImage !== saved.heroImage ? landingImageName(previous.heroImage) : null;
  if (replaced) {
    await services.landingImageStore
      .remove([replaced])
      .catch((error) => services.log.warn(`could not delete the replaced hero image ${replaced}`, error));
  }
  return saved;
}

/**
 * Checks and stores a hero image (audited `landing.uploadImage`): size first, then the type from the
 * content (a text file named .png is refused), then decoded, turned upright, stripped of metadata and
 * kept within 1920x1080. Answers its URL for the page's `heroImage`.
 */
export async function uploadLandingImage(services: Services, actor: AuditActor, file: File | null | undefined) {
  if (!file || typeof file.arrayBuffer !== 'function') {
    throw new ValidationError([{ path: ['file'], messageKey: 'upload.fileRequired' }]);
  }
  const max = Math.round(LANDING_IMAGE_MAX_BYTES / 1_048_576);
  if (file.size > LANDING_IMAGE_MAX_BYTES) throw new FileTooLargeError({ name: file.name, max });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > LANDING_IMAGE_MAX_BYTES) throw new FileTooLargeError({ name: file.name, max });
  const type = detectFileType(bytes);
  if (!type || !LANDING_IMAGE_TYPES.includes(type.mime))
    throw new UnsupportedFileTypeError('upload.notImage', { name: file.name });
  const image = await resizeImage(bytes, HERO_SIZE, services.config.maxImagePixels).catch((error) => {
    if (error instanceof ImageTooLargeError) {
      throw new FileTooLargeError({ name: file.name, max: services.config.maxImagePixels / 1e6 }, 'upload.imageTooLarge');
    }
    if (error instanceof UnreadableMediaError) throw new UnsupportedFileTypeError('upload.notImage', { name: file.name });
    throw error;
  });
  const name = await services.landingImageStore.storeUpload(image.bytes, image.type);
  const imageUrl = `${LANDING_IMAGES_PATH}${name}`;
  try {
    await audited(services.prisma, { actor, action: 'landing.uploadImage', targetType: 'landing' }, async (tx) => {
      // Listed in the media library like every stored file.
      await recordStoredFiles(tx, [
        {
          kind: 'landing',
          filename: name,
          originalName: file.name,
          mimeType: image.type.mime,
          size: image.bytes.byteLength,
          uploaderId: actor.id,
        },
      ]);
      return { result: undefined, before: null, after: { imageUrl, originalName: file.name, size: image.bytes.byteLength } };
    });
  } catch (error) {
    await services.landingImageStore.remove([name]);
    throw error;
  }
  return { imageUrl };
}

/** Answers GET/HEAD `/uploads/landing/<name>`; null for anything else. */
export async function serveLandingImage(services: Services, request: Request, pathname: string): Promise<Response | null> {
  const name = landingImageName(decodeURIComponent(pathname));
  return name ? services.landingImageStore.serve(request, name) : null;
}
