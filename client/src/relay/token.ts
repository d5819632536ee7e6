/** The bearer token and the signed-in user as the spec's browser storage keys hold them. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const LAST_VALIDATION_KEY = 'last_token_validation';

type TokenListener = (token: string | null) => void;
const listeners = new Set<TokenListener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY) || null;
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  notify(token);
}

/** Forgets the token, the stored user and the time of the last validation. */
export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(LAST_VALIDATION_KEY);
  } finally {
    notify(null);
  }
}

/** Called with the new token (or null) whenever it changes, in this tab or in another one. */
export function onTokenChange(listener: TokenListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function notify(token: string | null) {
  for (const listener of [...listeners]) listener(token);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === null) notify(getToken());
  });
}

export function getStoredJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
