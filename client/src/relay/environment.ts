import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
  type UploadableMap,
} from 'relay-runtime';
import type { Client as WsClient } from 'graphql-ws';
import { currentLocale } from '../i18n/locale';
import { RequestError } from './errors';
import { getToken, onTokenChange } from './token';
import { reconnectDelay } from './reconnectDelay';

export { getToken, setToken, clearToken, onTokenChange } from './token';
export { reconnectDelay } from './reconnectDelay';

/** Auth calls time out after 15 s (spec section 9); a query may ask for more in its metadata. */
export const DEFAULT_TIMEOUT_MS = 15_000;
const GRAPHQL_PATH = '/graphql';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when the server answers 401 to a request that carried a token (revoked or expired). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/graphql-response+json, application/json',
    // The server translates its messages from this header: the plain code (ru, en, fr).
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

type ErrorBody = { errors?: { message?: string; extensions?: { code?: string; http?: { status?: number } } }[] } | null;

function firstErrorMessage(body: unknown): string | null {
  const errors = (body as ErrorBody)?.errors;
  return errors?.find((e) => typeof e?.message === 'string')?.message ?? null;
}

/** 401/403 signalled inside a GraphQL answer (extensions) rather than by the HTTP status. */
function authStatusOf(body: unknown): number | undefined {
  for (const error of (body as ErrorBody)?.errors ?? []) {
    const status = error?.extensions?.http?.status;
    if (status === 401 || status === 403) return status;
    if (error?.extensions?.code === 'UNAUTHENTICATED') return 401;
    if (error?.extensions?.code === 'FORBIDDEN') return 403;
  }
  return undefined;
}

function notifyUnauthorized() {
  for (const listener of [...unauthorizedListeners]) listener();
}

/**
 * A request with files, by the GraphQL multipart request spec: each uploadable is keyed by its
 * variable path (`input.media.0`, whose variable the caller sets to null) and sent as a part.
 */
export function multipartBody(
  query: string,
  operationName: string,
  variables: Record<string, unknown>,
  uploadables: UploadableMap,
) {
  const form = new FormData();
  const keys = Object.keys(uploadables);
  form.append('operations', JSON.stringify({ query, variables, operationName }));
  form.append('map', JSON.stringify(Object.fromEntries(keys.map((key, index) => [String(index), [`variables.${key}`]]))));
  keys.forEach((key, index) => form.append(String(index), uploadables[key] as Blob));
  return form;
}

const fetchGraphQL: FetchFunction = (request, variables, cacheConfig, uploadables) => {
  const timeoutMs = typeof cacheConfig?.metadata?.timeoutMs === 'number' ? cacheConfig.metadata.timeoutMs : DEFAULT_TIMEOUT_MS;

  return Observable.create<GraphQLResponse>((sink) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const headers = requestHeaders();
    let body: BodyInit = JSON.stringify({ query: request.text, variables, operationName: request.name });
    if (uploadables && Object.keys(uploadables).length > 0) {
      body = multipartBody(request.text ?? '', request.name, variables, uploadables);
      delete headers['Content-Type']; // the browser sets multipart/form-data with its boundary
    }

    fetch(GRAPHQL_PATH, { method: 'POST', headers, body, signal: controller.signal })
      .then(async (response) => {
        const body: unknown = await response.json().catch(() => null);
        if (!response.ok) {
          if (response.status === 401 && headers.Authorization) notifyUnauthorized();
          throw new RequestError('http', firstErrorMessage(body) ?? response.statusText, response.status);
        }
        const result = body as GraphQLResponse | null;
        if (!result || typeof result !== 'object') {
          throw new RequestError('http', 'Malformed GraphQL response', response.status);
        }
        if (!('data' in result) || result.data == null) {
          const authStatus = authStatusOf(result);
          if (authStatus === 401 && headers.Authorization) notifyUnauthorized();
          if (authStatus) throw new RequestError('http', firstErrorMessage(result) ?? 'Unauthorized', authStatus);
          throw new RequestError('graphql', firstErrorMessage(result) ?? 'GraphQL error', response.status);
        }
        sink.next(result);
        sink.complete();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted && !timedOut) return; // unsubscribed by Relay
        if (timedOut) sink.error(new RequestError('timeout', 'Request timed out'));
        else if (error instanceof RequestError) sink.error(error);
        else sink.error(new RequestError('network', error instanceof Error ? error.message : String(error)));
      })
      .finally(() => clearTimeout(timer));

    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  });
};

// --- subscriptions over graphql-ws, loaded on first use so the login page does not pay for it ---

let wsClient: WsClient | null = null;
let wsClientToken: string | null = null;

function disposeWsClient() {
  const client = wsClient;
  wsClient = null;
  wsClientToken = null;
  if (client) quietlyDispose(client);
}

// dispose() rejects when the socket never connected; nothing is left to clean up then.
function quietlyDispose(client: WsClient) {
  Promise.resolve(client.dispose()).catch(() => {});
}

type ReconnectListener = () => void;
const reconnectListeners = new Set<ReconnectListener>();

/**
 * Called when the socket comes back after a drop. graphql-ws then re-sends each subscription with
 * the variables it started with; a subscription that passes `after` re-subscribes from here with
 * the last id it saw, so it catches up on what it missed.
 */
export function onSocketReconnected(listener: ReconnectListener): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

// A socket authenticates once, in connectionParams: a new token needs a new socket.
onTokenChange((token) => {
  if (token !== wsClientToken) disposeWsClient();
});

async function getWsClient(): Promise<WsClient> {
  const token = getToken();
  if (wsClient && wsClientToken === token) return wsClient;
  disposeWsClient();
  const { createClient } = await import('graphql-ws');
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const client = createClient({
    url: `${protocol}//${location.host}${GRAPHQL_PATH}`,
    lazy: true,
    lazyCloseTimeout: 3000,
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelay(retries))),
    // 4401/4403: the server refused the token; retrying with the same one cannot help.
    shouldRetry: (event) =>
      !(event && typeof event === 'object' && 'code' in event && (event.code === 4401 || event.code === 4403)),
    connectionParams: () => {
      const current = getToken();
      return current ? { authorization: `Bearer ${current}` } : {};
    },
  });
  // 4401: the server ended this session (signed out elsewhere, or an admin deactivated or deleted
  // the account): the app signs out at once rather than waiting for its next request to be refused.
  client.on('closed', (event) => {
    if (event && typeof event === 'object' && 'code' in event && event.code === 4401 && getToken() === token) {
      notifyUnauthorized();
    }
  });
  client.on('connected', (_socket, _payload, wasRetry) => {
    if (wasRetry) for (const listener of [...reconnectListeners]) listener();
  });
  // Another caller may have raced us while graphql-ws was loading.
  if (wsClient && wsClientToken === token) {
    quietlyDispose(client);
    return wsClient;
  }
  wsClient = client;
  wsClientToken = token;
  return client;
}

const subscribeGraphQL: SubscribeFunction = (request, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    getWsClient()
      .then((client) => {
        if (cancelled) return;
        unsubscribe = client.subscribe(
          { query: request.text ?? '', variables, operationName: request.name },
          {
            next: (value) => sink.next(value as GraphQLResponse),
            error: (error) => sink.error(error instanceof Error ? error : new RequestError('network', 'Subscription failed')),
            complete: () => sink.complete(),
          },
        );
      })
      .catch((error: unknown) => sink.error(error instanceof Error ? error : new Error(String(error))));
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  });

/**
 * A fresh environment (network + empty store). The app keeps one at a time and makes a new one
 * when the signed-in user changes, so nobody sees records cached for the previous user.
 */
export function createRelayEnvironment(): Environment {
  return new Environment({
    network: Network.create(fetchGraphQL, subscribeGraphQL),
    store: new Store(new RecordSource()),
  });
}

let current: Environment | null = null;

/**
 * The app's environment at this moment. Route loaders start their page's query in it, before the
 * page's code has loaded; AuthProvider opens a fresh one per signed-in user (openFreshEnvironment).
 */
export function currentEnvironment(): Environment {
  return (current ??= createRelayEnvironment());
}

/** Replaces the current environment by an empty one (another user signs in, or nobody is). */
export function openFreshEnvironment(): Environment {
  current = createRelayEnvironment();
  return current;
}
