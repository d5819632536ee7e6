import { useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { BrandingLiveSubscription } from '../__generated__/BrandingLiveSubscription.graphql';
import { useFaviconLink } from './BrandingFavicon';

const brandingSubscription = graphql`
  subscription BrandingLiveSubscription {
    brandingChanged {
      logoUrl
      faviconUrl
      bottomLogoUrl
    }
  }
`;

/**
 * Branding applied live on signed-in pages: when an admin uploads or deletes an image, the new URLs
 * replace the query's root record, so the header logo and the tab icon change in every open page
 * without a reload. Pages without a session (the sign-in and start pages) follow the same
 * subscription without Relay (publicBranding.ts).
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
