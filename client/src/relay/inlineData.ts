import type { readInlineData as relayReadInlineData } from 'relay-runtime';

let reader: typeof relayReadInlineData | null = null;

/** Called by environment.ts, which loads with Relay's runtime. */
export function provideInlineDataReader(read: typeof relayReadInlineData) {
  reader = read;
}

/**
 * Relay's readInlineData (an `@inline` fragment's data), for modules the login page loads: importing
 * it from Relay would bring Relay's whole runtime into that page (its script budget), which opens
 * without it. A fragment reference only comes out of a Relay response, so whenever there is one to
 * read, Relay's runtime (and environment.ts with it) has loaded.
 */
export const readInlineData: typeof relayReadInlineData = (fragment, key) => {
  if (!reader) throw new Error('readInlineData: Relay has not loaded (environment.ts), so there is no fragment to read');
  return reader(fragment, key);
};
