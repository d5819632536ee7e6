import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { activateLocale, setTranslationOverridesLoader, storedLocale } from '../i18n/locale';
import { loadTranslationOverrides } from './translationOverrides';
import { AppProviders } from './AppProviders';
import { linkSiteStylesheet } from './siteStylesheet';
import { loadSiteTheme } from './siteTheme';
import { createAppRouter } from './router';

linkSiteStylesheet();
// Not awaited: the look this browser remembers is painted at once, the server's follows.
void loadSiteTheme();
// The catalog of the chosen language (with the admin's overrides) is loaded before the first render, so no text flickers.
setTranslationOverridesLoader(loadTranslationOverrides);
await activateLocale(storedLocale());

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
