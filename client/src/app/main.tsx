import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { activateLocale, setTranslationOverridesLoader, storedLocale } from '../i18n/locale';
import { loadTranslationOverrides } from './translationOverrides';
import { AppProviders } from './AppProviders';
import { linkSiteStylesheet } from './siteStylesheet';
import { loadSiteTheme } from './siteTheme';
import { createAppRouter } from './router';
import { removePageShell, SHELL_PATHS } from './pageShell';

linkSiteStylesheet();
// Not awaited: the look this browser remembers is painted at once, the server's follows.
void loadSiteTheme();
// The catalog of the chosen language (with the admin's overrides) is loaded before the first render, so no text flickers.
setTranslationOverridesLoader(loadTranslationOverrides);
await activateLocale(storedLocale());

const router = createAppRouter();
// The sign-in pages' static first paint stays until their layout renders (AuthLayout); anywhere else
// (a signed-in visitor sent on to the dashboard, another page) it goes at once.
const removeShellOffSignIn = (pathname: string) => {
  if (!SHELL_PATHS.includes(pathname)) removePageShell();
};
removeShellOffSignIn(router.state.location.pathname);
router.subscribe((state) => removeShellOffSignIn(state.location.pathname));

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole page (a phone answers a tap on the static first paint meanwhile).
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
