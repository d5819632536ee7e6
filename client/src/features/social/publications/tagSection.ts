import { normaliseTag } from '../richText';
import { FEED_PAGE_SIZE } from './feedPageSize';

/** The tag page's address parameter: `/social?section=tag&tag=встреча`. */
export const TAG_PARAM = 'tag';

/** A tag the server accepts (server/src/services/mentions.ts, hashtagInput). */
const isTag = (tag: string) => /^[\p{L}\p{M}\p{N}_]{1,64}$/u.test(tag);

/** TagPanelQuery's variables for an address, or null when it names no tag (the page says how to open one). */
export function tagVariables(params: URLSearchParams) {
  const tag = normaliseTag((params.get(TAG_PARAM) ?? '').trim().replace(/^#/, ''));
  return isTag(tag) ? { tag, count: FEED_PAGE_SIZE } : null;
}
