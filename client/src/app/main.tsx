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
import { reloadOnStaleChunks } from './staleChunks';

reloadOnStaleChunks();
linkSiteStylesheet();
// Not awaited: the look this browser remembers is painted at once, the server's follows.
void loadSiteTheme();
// The catalog of the chosen language (with the admin's overrides) is loaded before the first render,
// so no text flickers. Not with a top-level await: this entry module would stay "evaluating" until
// the await ends, and a lazily loaded chunk that imports from the entry's chunk cannot run before
// then; when the await itself waits for such a chunk, the page never renders (and says nothing).
setTranslationOverridesLoader(loadTranslationOverrides);
void activateLocale(storedLocale()).then(renderApp);

function renderApp() {
  const router = createAppRouter();
  // The sign-in pages' static first paint stays until their layout renders (AuthLayout); on any other
  // page it goes at once (and on the way to one: ShellOffSignIn in router.tsx).
  if (!SHELL_PATHS.includes(router.state.location.pathname)) removePageShell();

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
}
