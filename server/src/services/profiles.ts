import { z } from 'zod';
import type { User } from '../generated/prisma/client';
import { isUniqueViolation } from '../database/keys';
import type { PrismaClient } from '../db';
import type { Viewer } from '../auth/sessions';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeUserSessions } from '../auth/sessions';
import { ImageTooLargeError, resizeImage, UnreadableMediaError, type ResizeOptions } from '../storage/mediaProcessing';
import { detectFileType } from '../storage/fileTypes';
import { isStoredName } from '../storage/fileStore';
import type { Services } from './container';
import { rules } from './validation';
import {
  ConflictError,
  FileTooLargeError,
  ForbiddenError,
  NotFoundError,
  PhoneLockedError,
  RateLimitError,
  UnsupportedFileTypeError,
  ValidationError,
  WrongPasswordError,
} from './errors';
import { equalsIgnoringCase } from './textMatch';
import { forgetStoredFiles, recordStoredFiles } from './mediaRegister';

const personName = () => z.string().trim().min(1, 'profile.namesRequired').max(100, 'validation.tooLong');

/** A site address; `example.com` is taken as https://example.com. Blank clears it. */
const website = () =>
  z
    .string()
    .trim()
    .max(500, 'validation.tooLong')
    .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
    .refine((value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    }, 'profile.website')
    .transform((value) => value || null)
    .nullish();

/** The profile card (spec: PATCH /users/profile). Absent fields stay as they are; blank ones are cleared. */
export const updateProfileInput = z.object({
  firstName: personName().optional(),
  lastName: personName().optional(),
  bio: rules.optionalText(500),
  status: rules.optionalText(100),
  location: rules.optionalText(200),
  website: website(),
  phone: z.union([z.literal('').transform(() => null), rules.phone()]).nullish(),
  birthDate: z
    .date()
    .refine((date) => date.getTime() <= Date.now(), 'profile.birthDate')
    .nullish(),
});

/** The settings page's profile tab (spec: PUT /users/profile-settings). */
export const updateSettingsInput = z.object({
  firstName: personName(),
  lastName: personName(),
  middleName: rules.optionalText(100),
  username: rules.username(),
  phone: z.union([z.literal('').transform(() => null), rules.phone()]).nullish(),
});

export const changePasswordInput = z.object({
  currentPassword: rules.password('password.currentRequired'),
  newPassword: rules.newPassword(),
});

/** Members edit their own profile; admins may edit anyone's. */
export function assertMayEditProfile(actor: Pick<User, 'id' | 'role'>, targetId: number): void {
  if (actor.id !== targetId && actor.role !== 'admin') throw new ForbiddenError();
}

async function loadTarget(prisma: PrismaClient, targetId: number) {
  const target = await prisma.user.findUnique({ where: { id: targetId } });
  if (!target) throw new NotFoundError('user.notFound');
  return target;
}

/** A verified phone is locked (spec section 4): only the same number may be sent again. */
function phoneChange(target: Pick<User, 'phone' | 'phoneVerified'>, phone: string | null | undefined) {
  if (phone === undefined || phone === target.phone) return {};
  if (target.phoneVerified) throw new PhoneLockedError();
  return { phone };
}

export async function updateProfile(
  services: Services,
  actor: Pick<User, 'id' | 'role'>,
  targetId: number,
  input: z.output<typeof updateProfileInput>,
): Promise<User> {
  assertMayEditProfile(actor, targetId);
  const target = await loadTarget(services.prisma, targetId);
  const { phone, ...fields } = input;
  return services.prisma.user.update({
    where: { id: targetId },
    data: { ...fields, ...phoneChange(target, phone) },
  });
}

export async function updateProfileSettings(
  services: Services,
  userId: number,
  input: z.output<typeof updateSettingsInput>,
): Promise<User> {
  const { prisma } = services;
  const target = await loadTarget(prisma, userId);
  if (!(await usernameAvailable(prisma, userId, input.username))) throw new ConflictError('username', 'auth.usernameTaken');
  const { phone, ...fields } = input;
  try {
    return await prisma.user.update({ where: { id: userId }, data: { ...fields, ...phoneChange(target, phone) } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError('username', 'auth.usernameTaken');
    }
    throw error;
  }
}

/** Whether `username` is free for `userId` (case-insensitive, as at sign-up). */
export async function usernameAvailable(prisma: PrismaClient, userId: number, username: string): Promise<boolean> {
  const owner = await prisma.user.findFirst({
    where: { username: equalsIgnoringCase(username.trim()), id: { not: userId } },
    select: { id: true },
  });
  return !owner;
}

/**
 * Checks the current password (failures count like logins), sets the new one and ends the member's
 * other sessions: a stolen session cannot outlive a password change.
 */
export async function changePassword(
  services: Services,
  viewer: Viewer,
  input: z.output<typeof changePasswordInput>,
): Promise<void> {
  const { prisma, rateLimiter, config } = services;
  const key = `password-change:${viewer.user.id}`;
  const attempts = await rateLimiter.hit(key, config.loginLimitWindowSeconds);
  if (attempts.count > config.loginLimitPerAccount) {
    throw new RateLimitError(attempts.retryAfterSeconds, 'password.tooManyAttempts');
  }
  const { passwordHash } = await prisma.user.findUniqueOrThrow({ where: { id: viewer.user.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(passwordHash, input.currentPassword))) throw new WrongPasswordError();
  await rateLimiter.reset(key);
  if (input.newPassword === input.currentPassword) {
    throw new ValidationError([{ path: ['newPassword'], messageKey: 'password.sameAsCurrent' }]);
  }
  await prisma.user.update({ where: { id: viewer.user.id }, data: { passwordHash: await hashPassword(input.newPassword) } });
  await revokeUserSessions(services, viewer.user.id, viewer.sessionId);
}

export type ProfileImageKind = 'avatar' | 'cover';

/** The cover/avatar rules of spec section 5: JPG or PNG by content, at most 5 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 5_242_880;
const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png'];

type ProfileImageFolder = keyof Services['profileImageStores'];

/** Sizes the pages show, at twice the CSS pixels: avatars up to 128 px, covers across the page. */
const PROFILE_IMAGE_SIZES: Record<
  ProfileImageKind,
  ResizeOptions & { folder: ProfileImageFolder; column: 'avatarImage' | 'coverImage' }
> = {
  avatar: { width: 256, height: 256, fit: 'cover', folder: 'avatars', column: 'avatarImage' },
  cover: { width: 1600, height: 900, fit: 'inside', folder: 'covers', column: 'coverImage' },
};

/** Where avatars and covers are public: `/uploads/<folder>/<stored name>`. */
export const PROFILE_IMAGES_PATH = '/uploads';

/** The store and name behind a URL setProfileImage gave out; null for any other URL (seeded or external images). */
function storedProfileImage(services: Services, url: string | null | undefined) {
  const match = url ? /^\/uploads\/([^/]+)\/([^/]+)$/.exec(url) : null;
  if (!match || !Object.hasOwn(services.profileImageStores, match[1]!) || !isStoredName(match[2]!)) return null;
  return { store: services.profileImageStores[match[1] as ProfileImageFolder], name: match[2]! };
}

/** Answers GET/HEAD `/uploads/<folder>/<name>` for avatars and covers; null for anything else. */
export async function serveProfileImage(services: Services, request: Request, pathname: string): Promise<Response | null> {
  const stored = storedProfileImage(services, pathname);
  return stored ? stored.store.serve(request, stored.name) : null;
}

/** Deletes a profile image by its URL (and its media library row); a file already gone, or a URL that is not ours, is left alone. */
export async function removeProfileImage(services: Services, url: string | null | undefined): Promise<void> {
  const stored = storedProfileImage(services, url);
  if (!stored) return;
  await forgetStoredFiles(services.prisma, [stored.name]);
  await stored.store.remove([stored.name]);
}

/**
 * An uploaded avatar or cover once it passed the rules: size first (before reading it), then the
 * type from the content's magic number. A PNG named photo.jpg passes; a text file named .png does not.
 */
async function readProfileImageUpload(file: File | null | undefined): Promise<Uint8Array> {
  if (!file || typeof file.arrayBuffer !== 'function') {
    throw new ValidationError([{ path: ['file'], messageKey: 'upload.fileRequired' }]);
  }
  const tooLarge = () =>
    new FileTooLargeError({ name: file.name, max: Math.round(PROFILE_IMAGE_MAX_BYTES / 1_048_576) }, 'upload.profileImageSize');
  if (file.size > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > PROFILE_IMAGE_MAX_BYTES) throw tooLarge();
  const type = detectFileType(bytes);
  if (!type || !PROFILE_IMAGE_TYPES.includes(type.mime)) {
    throw new UnsupportedFileTypeError('upload.profileImageType', { name: file.name });
  }
  return bytes;
}

/**
 * Checks, resizes and stores an uploaded avatar or cover (recorded in the media library as the
 * uploader's); returns its public URL. The caller puts the URL where it belongs (a member, a
 * community) and, if that fails, removes it with removeProfileImage.
 */
export async function storeProfileImage(
  services: Services,
  uploaderId: number,
  kind: ProfileImageKind,
  file: File | null | undefined,
): Promise<string> {
  const size = PROFILE_IMAGE_SIZES[kind];
  const upload = await readProfileImageUpload(file);
  const image = await resizeImage(upload, size, services.config.maxImagePixels).catch((error) => {
    if (error instanceof ImageTooLargeError) {
      throw new FileTooLargeError({ name: file?.name ?? '', max: services.config.maxImagePixels / 1e6 }, 'upload.imageTooLarge');
    }
    if (error instanceof UnreadableMediaError) throw new UnsupportedFileTypeError('upload.profileImageType');
    throw error;
  });
  const filename = await services.profileImageStores[size.folder].storeUpload(image.bytes, image.type);
  const url = `${PROFILE_IMAGES_PATH}/${size.folder}/${filename}`;
  try {
    await recordStoredFiles(services.prisma, [
      {
        kind,
        filename,
        originalName: file?.name || filename,
        mimeType: image.type.mime,
        size: image.bytes.byteLength,
        uploaderId,
      },
    ]);
  } catch (error) {
    await removeProfileImage(services, url);
    throw error;
  }
  return url;
}

/**
 * Stores a new avatar or cover: checked, resized, saved under a generated name, then the previous
 * file is deleted. Returns the new image's URL.
 */
export async function setProfileImage(
  services: Services,
  actor: Pick<User, 'id' | 'role'>,
  targetId: number,
  kind: ProfileImageKind,
  file: File | null | undefined,
): Promise<{ url: string }> {
  assertMayEditProfile(actor, targetId);
  const { prisma } = services;
  await loadTarget(prisma, targetId);
  const size = PROFILE_IMAGE_SIZES[kind];
  const url = await storeProfileImage(services, actor.id, kind, file);
  try {
    // Replace only the value read here, so two uploads racing each delete exactly the file they replaced.
    for (;;) {
      const current = await prisma.user.findUniqueOrThrow({
        where: { id: targetId },
        select: { avatarImage: true, coverImage: true },
      });
      const previous = current[size.column];
      const replaced = await prisma.user.updateMany({
        where: { id: targetId, [size.column]: previous },
        data: { [size.column]: url },
      });
      if (replaced.count === 1) {
        await removeProfileImage(services, previous).catch((error) =>
          services.log.warn(`could not delete the replaced image ${previous}`, error),
        );
        break;
      }
    }
  } catch (error) {
    await removeProfileImage(services, url);
    throw error;
  }
  return { url };
}
