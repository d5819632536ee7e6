import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { graphql } from 'react-relay/hooks';
import type { Subscription } from 'relay-runtime';
import type { AuthProviderSignOutMutation } from '../../__generated__/AuthProviderSignOutMutation.graphql';
import type { AuthProviderViewerQuery } from '../../__generated__/AuthProviderViewerQuery.graphql';
import { isAuthRejection } from '../../relay/errors';
import { onUnauthorized, requestWithoutRelay } from '../../relay/graphqlHttp';
import { loadRelay } from '../../relay/loadRelay';
import { LAST_VALIDATION_KEY, USER_KEY, clearToken, getStoredJson, getToken, onTokenChange, setToken } from '../../relay/token';
import { isStoredUser, readAuthUser, type AuthUser } from './authUser';

/** A token validated this recently (and a stored user) is trusted without asking the server again. */
export const REVALIDATION_INTERVAL_MS = 30_000;

export type AuthState =
  | { status: 'loading'; user: AuthUser | null }
  | { status: 'authenticated'; user: AuthUser }
  | { status: 'anonymous'; user: null };

export interface AuthContextValue {
  status: AuthState['status'];
  user: AuthUser | null;
  /** Stores the token and user returned by signIn (Relay's environment is one per token: its next use opens a fresh one). */
  signIn: (token: string, user: AuthUser) => void;
  /** Revokes the session on the server (best effort) and forgets it here. The caller navigates. */
  signOut: () => void;
  /** Keeps the stored user in step after the member changed their name, username or avatar. */
  updateUser: (changes: Partial<Omit<AuthUser, 'id' | 'role'>>) => void;
  /**
   * Takes the signed-in user as the server just told it (viewerChanged: an admin changed their role or
   * names): the badge, the links and the role guards follow at once. Ignored for another account.
   */
  refreshUser: (user: AuthUser) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const viewerQuery = graphql`
  query AuthProviderViewerQuery {
    viewer {
      ...authUser_user
    }
  }
`;

const signOutMutation = graphql`
  mutation AuthProviderSignOutMutation {
    signOut {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

function storedUser(): AuthUser | null {
  const user = getStoredJson<unknown>(USER_KEY);
  return isStoredUser(user) ? user : null;
}

function storeUser(user: AuthUser) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(LAST_VALIDATION_KEY, String(Date.now()));
}

function recentlyValidated(): boolean {
  const at = Number(localStorage.getItem(LAST_VALIDATION_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < REVALIDATION_INTERVAL_MS;
}

/**
 * The stored user when the app trusts it without asking the server (a token checked less than
 * REVALIDATION_INTERVAL_MS ago): the user the first render is signed in as. Otherwise null.
 */
export function trustedStoredUser(): AuthUser | null {
  const user = getToken() ? storedUser() : null;
  return user && recentlyValidated() ? user : null;
}

function initialState(): AuthState {
  if (!getToken()) return { status: 'anonymous', user: null };
  const trusted = trustedStoredUser();
  return trusted ? { status: 'authenticated', user: trusted } : { status: 'loading', user: storedUser() };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);

  const forget = useCallback(() => {
    clearToken();
    setState({ status: 'anonymous', user: null });
  }, []);

  // Validate the stored token against `viewer` on load (spec section 4, "Auth"). Only a visitor with
  // a token loads Relay for it (the signed-in pages need it anyway).
  useEffect(() => {
    if (state.status !== 'loading') return;
    let active = true;
    let subscription: Subscription | undefined;
    const fail = (error: unknown) => {
      if (!active) return;
      if (isAuthRejection(error)) {
        forget();
      } else {
        // Network error or timeout: keep what we have; without a stored user we cannot show pages.
        const user = storedUser();
        setState(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null });
      }
    };
    loadRelay().then(({ relay, environment }) => {
      if (!active) return;
      subscription = relay
        .fetchQuery<AuthProviderViewerQuery>(environment, viewerQuery, {}, { fetchPolicy: 'network-only' })
        .subscribe({
          next: (data) => {
            if (!active) return;
            if (data.viewer) {
              const user = readAuthUser(data.viewer);
              storeUser(user);
              setState({ status: 'authenticated', user });
            } else {
              forget();
            }
          },
          error: fail,
        });
    }, fail);
    return () => {
      active = false;
      subscription?.unsubscribe();
    };
  }, [state.status, forget]);

  // A token dropped elsewhere (another tab signed out, the server said 401) ends the session here.
  useEffect(() => {
    const offToken = onTokenChange((token) => {
      if (!token) setState((current) => (current.status === 'anonymous' ? current : { status: 'anonymous', user: null }));
    });
    const offUnauthorized = onUnauthorized(() => forget());
    return () => {
      offToken();
      offUnauthorized();
    };
  }, [forget]);

  const signIn = useCallback((token: string, user: AuthUser) => {
    setToken(token);
    storeUser(user);
    setState({ status: 'authenticated', user });
  }, []);

  const signOut = useCallback(() => {
    if (getToken()) {
      // Sent before the token is cleared: postGraphQL reads it when the request starts. Whatever it
      // answers (an error of its union too: the session may have ended already), this device forgets it.
      requestWithoutRelay<AuthProviderSignOutMutation>(signOutMutation, {}).catch(() => {});
    }
    forget();
  }, [forget]);

  const updateUser = useCallback((changes: Partial<Omit<AuthUser, 'id' | 'role'>>) => {
    setState((current) => {
      if (current.status !== 'authenticated') return current;
      const user = { ...current.user, ...changes };
      localStorage.setItem(USER_KEY, JSON.stringify(user));
      return { status: 'authenticated', user };
    });
  }, []);

  const refreshUser = useCallback((user: AuthUser) => {
    setState((current) => {
      if (current.status !== 'authenticated' || current.user.id !== user.id) return current;
      storeUser(user);
      // The first answer of each page is usually the user as stored: nothing to render again then.
      const same = (Object.keys(user) as (keyof AuthUser)[]).every((key) => current.user[key] === user[key]);
      return same ? current : { status: 'authenticated', user };
    });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, signIn, signOut, updateUser, refreshUser }),
    [state, signIn, signOut, updateUser, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
