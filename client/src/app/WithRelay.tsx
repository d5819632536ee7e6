import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingScreen } from '../components/LoadingScreen';

/** RelayProvider's code (started early by the signed-in routes' loader: router.tsx). */
export const loadRelayProvider = () => import('./RelayProvider');
const RelayProvider = lazy(loadRelayProvider);

/**
 * Relay's environment for the pages that use it (the start page and the signed-in ones), loaded with
 * them: the login and password reset pages open without Relay's runtime (the login page's script
 * budget) and load it when a form is sent (useMutationOnDemand).
 */
export function WithRelay({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <RelayProvider>{children}</RelayProvider>
    </Suspense>
  );
}
