/**
 * The site's colour theme (admin "Themes" tab), applied to every page: the colour mode as Chakra's
 * `dark`/`light` class on <html> (its semantic tokens follow it) and the accent as the `brand`
 * shades re-pointed at another palette (see theme.ts). The last theme seen is kept in this
 * browser, so a page paints in it at once; the server's answer then replaces it.
 */
export type SiteLook = { mode: 'light' | 'dark'; accent: string };

const ACTIVE_THEME_URL = '/api/themes/active';
const STORAGE_KEY = 'linkup.siteTheme';
const STYLE_ID = 'linkup-site-theme';
const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];
/** The accent's own fill for solid buttons and its text colour (theme.ts gives some hues a darker fill, for contrast). */
const PALETTE_SEMANTICS = ['solid', 'contrast'];
const DEFAULT_LOOK: SiteLook = { mode: 'light', accent: 'blue' };

/** Only a palette name reaches the CSS below (the server checks it too). */
function asLook(value: unknown): SiteLook | null {
  const look = value as Partial<SiteLook> | null;
  if (!look || (look.mode !== 'light' && look.mode !== 'dark')) return null;
  if (typeof look.accent !== 'string' || !/^[a-z]{1,20}$/.test(look.accent)) return null;
  return { mode: look.mode, accent: look.accent };
}

export function applySiteLook(look: SiteLook) {
  const root = document.documentElement;
  root.classList.toggle('dark', look.mode === 'dark');
  root.classList.toggle('light', look.mode === 'light');
  root.style.colorScheme = look.mode;
  const style = document.getElementById(STYLE_ID) ?? Object.assign(document.createElement('style'), { id: STYLE_ID });
  style.textContent =
    look.accent === DEFAULT_LOOK.accent
      ? ''
      : `:root{${[...SHADES, ...PALETTE_SEMANTICS]
          .map((name) => `--chakra-colors-brand-${name}:var(--chakra-colors-${look.accent}-${name});`)
          .join('')}}`;
  if (!style.isConnected) document.head.append(style);
}

/** Applies a look the server announced and remembers it for the next page load. */
export function adoptSiteLook(value: unknown) {
  const look = asLook(value);
  if (!look) return;
  applySiteLook(look);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(look));
  } catch {
    // Private mode: applied for this page only.
  }
}

function storedLook(): SiteLook | null {
  try {
    return asLook(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
  } catch {
    return null;
  }
}

/** Paints the remembered look now, then asks the server for the active one (called before the first render and after an admin's change). */
export async function loadSiteTheme() {
  const remembered = storedLook();
  if (remembered) applySiteLook(remembered);
  try {
    const response = await fetch(ACTIVE_THEME_URL, { headers: { accept: 'application/json' } });
    if (response.ok) adoptSiteLook(await response.json());
  } catch {
    // Offline or the server is restarting: the remembered (or default) look stays.
  }
}
