import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type LoaderFunctionArgs } from 'react-router';
import { LoadingScreen } from '../components/LoadingScreen';
import { trustedStoredUser, useAuth } from './auth/AuthProvider';
import { hasRole, type Role } from './auth/authUser';
import { WithRelay } from './WithRelay';

const SignedInExtras = lazy(() => import('../features/notifications/SignedInExtras'));

/**
 * Signed-in pages: a loading text while the token is checked, /login for strangers. Signed-in
 * pages also get Relay's environment, the toaster and the notifications subscription (their own chunk).
 */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <LoadingScreen fullPage />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <WithRelay>
      <Suspense fallback={null}>
        <SignedInExtras />
      </Suspense>
      <Outlet />
    </WithRelay>
  );
}

/** Pages of a role (moderator level or admin); anyone else goes back to /dashboard. */
export function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  if (!hasRole(user, role)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * The loader of a page behind RequireRole: for a member the app already knows lacks `role` it loads
 * nothing (RequireRole sends them to /dashboard), so their browser neither downloads the page's code
 * nor asks for data the server refuses (FORBIDDEN). A stored role that still needs checking is not
 * trusted (the member may have been promoted meanwhile): the page loads as before.
 */
export function roleLoader<T>(role: Role, loader: (args: LoaderFunctionArgs) => Promise<T>) {
  return (args: LoaderFunctionArgs): Promise<T> | null => {
    const user = trustedStoredUser();
    return user && !hasRole(user, role) ? null : loader(args);
  };
}

/** The login page is for strangers: signed-in users go to their dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingScreen fullPage />;
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
