import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { activateLocale, storedLocale } from '../i18n/locale'
import { AppProviders } from './AppProviders'
import { createAppRouter } from './router'

// The catalog of the chosen language is loaded before the first render, so no text flickers.
await activateLocale(storedLocale())

const router = createAppRouter()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
