import { useEffect, useRef } from 'react';
import { watchPublicBranding } from './publicBranding';

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
 * The branding favicon for every visitor, set at start and, while nobody is signed in, kept live
 * (publicBranding.ts; signed-in pages follow changes through BrandingLive). Renders nothing.
 */
export function BrandingFavicon() {
  const setFavicon = useFaviconLink();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once; setFavicon only touches the DOM
  useEffect(() => watchPublicBranding((branding) => setFavicon(branding.faviconUrl)), []);
  return null;
}
