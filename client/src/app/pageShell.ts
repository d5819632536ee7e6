/**
 * The static first paint of the sign-in pages: index.html's #page-shell (the brand on the accent's
 * gradient, where the page will show it), which the server shows on these paths
 * (server/src/storage/staticClient.ts) so that a phone on a slow network sees the page's frame at
 * once instead of a blank screen while the scripts load. It covers the app until the sign-in
 * layout has rendered under it (AuthLayout), or the app shows anything else (main.tsx,
 * RouteErrorPage). This module is read by the server too: nothing here may touch the DOM on import.
 */
export const SHELL_PATHS: readonly string[] = ['/login', '/register', '/reset-password'];

export const PAGE_SHELL_ID = 'page-shell';

export function removePageShell() {
  document.getElementById(PAGE_SHELL_ID)?.remove();
}
