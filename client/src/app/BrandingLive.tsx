import { useEffect, useMemo, useRef } from 'react';
import { fetchQuery, graphql, useRelayEnvironment, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { BrandingLiveQuery } from '../__generated__/BrandingLiveQuery.graphql';
import type { BrandingLiveSubscription } from '../__generated__/BrandingLiveSubscription.graphql';

const faviconQuery = graphql`
  query BrandingLiveQuery {
    branding {
      faviconUrl
    }
  }
`;

const brandingSubscription = graphql`
  subscription BrandingLiveSubscription {
    brandingChanged {
      logoUrl
      faviconUrl
      bottomLogoUrl
    }
  }
`;

/** Points the tab icon at the branding favicon, or back at index.html's default. */
function useFaviconLink() {
  const fallback = useRef<string | null>(null);
  return (url: string | null | undefined) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    fallback.current ??= link.getAttribute('href');
    const next = url ?? fallback.current;
    if (next) link.href = next;
  };
}

/**
 * The branding favicon, set at start for every visitor (the sign-in page reads its logos with its
 * own query). Renders nothing.
 */
export function BrandingFavicon() {
  const environment = useRelayEnvironment();
  const setFavicon = useFaviconLink();

  useEffect(() => {
    const subscription = fetchQuery<BrandingLiveQuery>(environment, faviconQuery, {}).subscribe({
      next: (data) => setFavicon(data.branding.faviconUrl),
      // Failure is tolerated (spec: branding images fall back to the default).
      error: () => {},
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per environment
  }, [environment]);
  return null;
}

/**
 * Branding applied live on signed-in pages: when an admin uploads or deletes an image, the new URLs
 * replace the query's root record, so the header logo and the tab icon change in every open page
 * without a reload. Not on the sign-in page: its socket client would weigh on the login page's
 * script budget, and a visitor gets the current images with each page load.
 */
export function BrandingLive() {
  const setFavicon = useFaviconLink();
  const config = useMemo<GraphQLSubscriptionConfig<BrandingLiveSubscription>>(
    () => ({
      subscription: brandingSubscription,
      variables: {},
      // The branding has no id: the root's `branding` link takes the new record.
      updater: (store) => {
        const branding = store.getRootField('brandingChanged');
        if (branding) store.getRoot().setLinkedRecord(branding, 'branding');
      },
      onNext: (data) => setFavicon(data?.brandingChanged.faviconUrl),
      onError: () => {},
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setFavicon only touches the DOM
    [],
  );
  useSubscription(config);
  return null;
}
