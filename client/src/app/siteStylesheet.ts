/**
 * The stylesheet an admin made active (admin "CSS styles" tab), linked on every page. It is added
 * before the first render, while the catalog loads, so pages rarely paint without it; the server
 * answers it empty when none is active. Unlayered, it wins over Chakra's layered styles.
 */
const HREF = '/api/stylesheets/active.css';
const ID = 'linkup-site-stylesheet';

export function linkSiteStylesheet(version = '') {
  const link = (document.getElementById(ID) as HTMLLinkElement | null) ?? document.createElement('link');
  link.id = ID;
  link.rel = 'stylesheet';
  link.href = version ? `${HREF}?v=${encodeURIComponent(version)}` : HREF;
  if (!link.isConnected) document.head.append(link);
}

/** After the admin activates, edits or switches off a stylesheet: this browser reads it again. */
export const reloadSiteStylesheet = () => linkSiteStylesheet(String(Date.now()));
