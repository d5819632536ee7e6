import { graphql } from 'react-relay/hooks';
import type { ConcreteRequest } from 'relay-runtime';
import type { Client } from 'graphql-ws';
import type { publicBrandingQuery } from '../__generated__/publicBrandingQuery.graphql';
import type { publicBrandingSubscription$data } from '../__generated__/publicBrandingSubscription.graphql';
import { requestWithoutRelay } from '../relay/graphqlHttp';
import { reconnectingSocketOptions } from '../relay/graphqlSocket';
import { getToken, onTokenChange } from '../relay/token';

const brandingQuery = graphql`
  query publicBrandingQuery {
    branding {
      faviconUrl
      bottomLogoUrl
    }
  }
`;

const brandingSubscription = graphql`
  subscription publicBrandingSubscription {
    brandingChanged {
      faviconUrl
      bottomLogoUrl
    }
  }
`;

/** What the pages without a session show: the tab icon and the logo under the sign-in form. */
export type PublicBranding = { faviconUrl: string | null; bottomLogoUrl: string | null };
type Listener = (branding: PublicBranding) => void;

let current: PublicBranding | null = null;
const listeners = new Set<Listener>();
let stopWatching: (() => void) | null = null;

function publish({ faviconUrl, bottomLogoUrl }: { faviconUrl?: string | null; bottomLogoUrl?: string | null }) {
  const branding = { faviconUrl: faviconUrl ?? null, bottomLogoUrl: bottomLogoUrl ?? null };
  current = branding;
  for (const listener of [...listeners]) listener(branding);
}

function load() {
  // Failure is tolerated (spec: branding images fall back to the default).
  requestWithoutRelay<publicBrandingQuery>(brandingQuery, {}).then(
    (data) => publish(data.branding),
    () => {},
  );
}

/**
 * The branding feed of a visitor without a session, on graphql-ws (the chunk the signed-in pages load
 * too, about 3 KB, fetched after the page shows). brandingChanged answers the images at once on each
 * (re)subscription, so a change made while the socket was connecting or down is not missed.
 */
function openLiveFeed(): () => void {
  let client: Client | null = null;
  let closed = false;
  import('graphql-ws').then(
    ({ createClient }) => {
      if (closed) return;
      client = createClient({ ...reconnectingSocketOptions(), shouldRetry: () => true });
      const { params } = brandingSubscription as unknown as ConcreteRequest;
      client.subscribe<publicBrandingSubscription$data>(
        { query: params.text ?? '', operationName: params.name },
        {
          next: (value) => value.data && publish(value.data.brandingChanged),
          error: () => {},
          complete: () => {},
        },
      );
    },
    () => {},
  );
  return () => {
    closed = true;
    if (client) Promise.resolve(client.dispose()).catch(() => {});
  };
}

/**
 * The branding images for the pages a visitor without a session sees (the login and registration
 * page, the start page; the tab icon everywhere): asked once over HTTP without Relay (the login page
 * opens without it), then kept live while nobody is signed in, so an admin's new favicon or footer
 * logo reaches an open login page without a reload. Signed-in pages get theirs from BrandingLive
 * (Relay's socket): the feed closes when a token appears and opens again when it goes.
 */
function startWatching(): () => void {
  load();
  let closeFeed: (() => void) | null = null;
  const follow = (token: string | null) => {
    if (token) {
      closeFeed?.();
      closeFeed = null;
    } else {
      closeFeed ??= openLiveFeed();
    }
  };
  follow(getToken());
  const offToken = onTokenChange(follow);
  // A socket a sleeping laptop lost may not know it yet: a page shown again asks once more.
  const onVisible = () => {
    if (document.visibilityState === 'visible' && !getToken()) load();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    offToken();
    document.removeEventListener('visibilitychange', onVisible);
    closeFeed?.();
  };
}

/** Calls `listener` with the branding now (when known) and after each change; answers the function that stops. */
export function watchPublicBranding(listener: Listener): () => void {
  listeners.add(listener);
  if (current) listener(current);
  stopWatching ??= startWatching();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopWatching?.();
      stopWatching = null;
      current = null;
    }
  };
}
