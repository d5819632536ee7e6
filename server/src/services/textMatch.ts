/**
 * Case-insensitive text conditions for Prisma. On PostgreSQL both `equals` and `contains` with
 * `mode: 'insensitive'` become ILIKE, where `%` and `_` are wildcards (and `\` escapes): a search
 * for `%%` would match everyone and `a_b` would find `axb`. These escape them so a text matches
 * only itself. Every case-insensitive condition on user input goes through here.
 */
const escapeLikePattern = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The whole value equals `text`, ignoring case. */
export const equalsIgnoringCase = (text: string) => ({ equals: escapeLikePattern(text), mode: 'insensitive' as const });

/** The value contains `text`, ignoring case. */
export const containsIgnoringCase = (text: string) => ({ contains: escapeLikePattern(text), mode: 'insensitive' as const });
