import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { AuthProvider } from './auth/AuthProvider';
import { BrandingFavicon } from './BrandingFavicon';
import { system } from './theme';

/**
 * Lingui, Chakra and the auth context; the branding favicon. Relay's environment is not here: the pages
 * that use Relay get it from WithRelay (router.tsx), so the login page opens without Relay's runtime.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <AuthProvider>
          <BrandingFavicon />
          {children}
        </AuthProvider>
      </ChakraProvider>
    </I18nProvider>
  );
}
