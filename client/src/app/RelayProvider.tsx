import type { ReactNode } from 'react';
import { RelayEnvironmentProvider } from 'react-relay/hooks';
import { currentEnvironment } from '../relay/environment';
import { useAuth } from './auth/AuthProvider';

/** Relay's environment of this moment for the pages under it (loaded lazily by WithRelay). */
export default function RelayProvider({ children }: { children: ReactNode }) {
  // The environment is one per token (environment.ts); the token changes with the session, whose
  // every change re-renders this component through the auth context.
  useAuth();
  return <RelayEnvironmentProvider environment={currentEnvironment()}>{children}</RelayEnvironmentProvider>;
}
