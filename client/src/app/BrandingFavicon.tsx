import { useEffect, useRef } from 'react';
import { graphql } from 'react-relay/hooks';
import type { BrandingFaviconQuery } from '../__generated__/BrandingFaviconQuery.graphql';
import { requestWithoutRelay } from '../relay/graphqlHttp';

const faviconQuery = graphql`
  query BrandingFaviconQuery {
    branding {
      faviconUrl
    }
  }
`;

/** Points the tab icon at the branding favicon, or back at index.html's default. */
export function useFaviconLink() {
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
 * own query), without Relay (the login page opens without it). Renders nothing.
 */
export function BrandingFavicon() {
  const setFavicon = useFaviconLink();

  useEffect(() => {
    let active = true;
    requestWithoutRelay<BrandingFaviconQuery>(faviconQuery, {}).then(
      (data) => active && setFavicon(data.branding.faviconUrl),
      // Failure is tolerated (spec: branding images fall back to the default).
      () => {},
    );
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once
  }, []);
  return null;
}
