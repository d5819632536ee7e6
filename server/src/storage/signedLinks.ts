import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStoredName } from './fileStore';
import { json } from '../jsonResponse';
import { localeOfRequest, translate } from '../i18n';

/**
 * Links to private stored files that a browser can load without a bearer token (<img>, <audio>,
 * a download): each names one file, carries its expiry, and is signed for one kind of file
 * (`scope`), so a link to a voice message cannot be turned into one to an attachment.
 */
const signature = (secret: Uint8Array, scope: string, filename: string, expires: number) =>
  createHmac('sha256', secret).update(`${scope}:${filename}:${expires}`).digest('base64url');

/** `<prefix><filename>?expires=…&signature=…`; `expires` is whatever clock unit `isExpired` reads back. */
export function signedLink(secret: Uint8Array, scope: string, prefix: string, filename: string, expires: number): string {
  return `${prefix}${filename}?expires=${expires}&signature=${signature(secret, scope, filename, expires)}`;
}

/**
 * The expiry (Unix seconds) of a link that works at least `ttlSeconds`, rounded up to a whole period
 * so links made within one period are the same URL (the browser's cache keeps the file).
 */
export const roundedExpiry = (now: number, ttlSeconds: number) =>
  Math.floor(now / 1000 / ttlSeconds + 1) * ttlSeconds + ttlSeconds;

/** The stored file a link names when its signature holds and it has not expired; null otherwise. */
export function verifiedFilename(
  secret: Uint8Array,
  scope: string,
  url: URL,
  filename: string,
  isExpired: (expires: number) => boolean,
): string | null {
  const expires = Number(url.searchParams.get('expires'));
  if (!isStoredName(filename) || !Number.isFinite(expires) || isExpired(expires)) return null;
  const given = Buffer.from(url.searchParams.get('signature') ?? '');
  const expected = Buffer.from(signature(secret, scope, filename, expires));
  return given.length === expected.length && timingSafeEqual(given, expected) ? filename : null;
}

/**
 * The answer to a link whose signature does not hold or that has expired: 403 with a text saying so
 * in the request's language (a member opening an old download link saw a blank page).
 */
export const refusedLink = (request: Request) => json(403, { detail: translate(localeOfRequest(request), 'files.linkInvalid') });

/** A signed link to a file that is gone (deleted since the link was made): 404 saying so, not an empty page. */
export const missingFile = (request: Request) => json(404, { detail: translate(localeOfRequest(request), 'media.notFound') });
