import { useEffect, useMemo } from 'react';
import { graphql, useSubscription } from 'react-relay/hooks';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import type { SiteThemeLiveSubscription } from '../__generated__/SiteThemeLiveSubscription.graphql';
import { adoptSiteLook, loadSiteTheme } from './siteTheme';

const siteThemeSubscription = graphql`
  subscription SiteThemeLiveSubscription {
    siteThemeChanged {
      mode
      accent
    }
  }
`;

/**
 * The site's theme applied live on signed-in pages: when an admin applies a theme (or edits the
 * active one), every open page changes its look at once. Renders nothing.
 */
export function SiteThemeLive() {
  const config = useMemo<GraphQLSubscriptionConfig<SiteThemeLiveSubscription>>(
    () => ({
      subscription: siteThemeSubscription,
      variables: {},
      onNext: (data) =>
        data &&
        adoptSiteLook({ mode: data.siteThemeChanged.mode.toLowerCase(), accent: data.siteThemeChanged.accent.toLowerCase() }),
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);
  // This loads after the page (with the signed-in extras): a change made in between is read once here.
  useEffect(() => void loadSiteTheme(), []);
  return null;
}
