/**
 * Sharing a contact from a profile: the public link, a text with links to the social area and the
 * meeting area, and copying it to the clipboard in whatever way the browser allows.
 */

/**
 * Bio lines that begin with a staff marker (an administrator's or moderator's note, in any of the
 * product's languages, bracketed or not, or the crown/shield emoji) are left out of shared text.
 */
const STAFF_MARKER =
  /^\s*(?:\[\s*)?(?:admin|administrator|administrateur|moderator|modérateur|админ|администратор|модератор|👑|🛡)(?=$|[\s\]:,.!-])/iu;

export function isStaffMarkedLine(line: string): boolean {
  return STAFF_MARKER.test(line);
}

export type ShareableProfile = {
  username: string;
  firstName: string;
  lastName: string;
  status?: string | null;
  bio?: string | null;
};

export const profileLink = (origin: string, username: string) => `${origin}/profile/${encodeURIComponent(username)}`;

export type ShareLabels = { profile: string; messages: string; calls: string };

export function buildShareText(profile: ShareableProfile, origin: string, labels: ShareLabels): string {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const bio = (profile.bio ?? '').split(/\r?\n/).filter((line) => line.trim() && !isStaffMarkedLine(line));
  return [
    `${name} (@${profile.username})`,
    ...(profile.status?.trim() ? [profile.status.trim()] : []),
    ...bio,
    '',
    `${labels.profile}: ${profileLink(origin, profile.username)}`,
    `${labels.messages}: ${origin}/social`,
    `${labels.calls}: ${origin}/video-calls`,
  ].join('\n');
}

/** The pre-Clipboard-API way: select a hidden textarea and ask the document to copy. */
function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies with the Clipboard API, else the legacy copy; false when neither worked (the caller then
 * offers the text for manual copying).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable (insecure origin, no user gesture): try the legacy way.
  }
  return legacyCopy(text);
}
