/**
 * The search text lives in the address (`/social?section=search&q=`), so a search can be linked to
 * and its route's loader starts the query. Kept apart from the panel so the loader can read it
 * without loading the panel's code.
 */
export const SEARCH_PARAM = 'q';
export const SEARCH_MAX_LENGTH = 100;

/**
 * Whether the server will search this text: at most 100 characters, at least 2 letters or digits
 * outside excluded words (`-word`). The rule is the server's (server/src/services/search.ts);
 * checked here only to warn before asking.
 */
export const isSearchable = (text: string) => {
  if (text.trim().length > SEARCH_MAX_LENGTH) return false;
  const wanted = text
    .split(/\s+/)
    .filter((token) => !token.startsWith('-'))
    .join(' ');
  return (wanted.normalize('NFC').match(/[\p{L}\p{N}]/gu) ?? []).length >= 2;
};

/**
 * How many of each kind a page shows ("show more" asks for as many again). Sizes travel as variables,
 * as the next pages' do (a literal would count many times over in the server's query cost limit).
 */
export const SEARCH_PAGE = { members: 5, publications: 20, communities: 5, tags: 10 } as const;

/** SearchPanelQuery's variables for an address, or null when it has nothing to search. */
export function searchVariables(params: URLSearchParams) {
  const text = (params.get(SEARCH_PARAM) ?? '').trim();
  return isSearchable(text) ? { text, ...SEARCH_PAGE } : null;
}
