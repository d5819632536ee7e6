import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  readInlineData,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
} from 'relay-runtime';
import type { Client as WsClient } from 'graphql-ws';
import { RequestError } from './errors';
import { DEFAULT_TIMEOUT_MS, notifyUnauthorized, postGraphQL } from './graphqlHttp';
import { provideInlineDataReader } from './inlineData';
import { getToken, onTokenChange } from './token';
import { reconnectingSocketOptions } from './graphqlSocket';
import { signal } from './signal';

export { getToken, setToken, clearToken, onTokenChange } from './token';
export { reconnectDelay } from './reconnectDelay';

provideInlineDataReader(readInlineData);

const fetchGraphQL: FetchFunction = (request, variables, cacheConfig, uploadables) => {
  const timeoutMs = typeof cacheConfig?.metadata?.timeoutMs === 'number' ? cacheConfig.metadata.timeoutMs : DEFAULT_TIMEOUT_MS;
  return Observable.create<GraphQLResponse>((sink) => {
    const unsubscribed = new AbortController();
    postGraphQL(request, variables, { timeoutMs, uploadables, signal: unsubscribed.signal }).then(
      (result) => {
        sink.next(result as GraphQLResponse);
        sink.complete();
      },
      (error: unknown) => {
        if (!unsubscribed.signal.aborted) sink.error(error as Error);
      },
    );
    return () => unsubscribed.abort();
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

const socketReconnected = signal();

/**
 * Called when the socket comes back after a drop. graphql-ws then re-sends each subscription with
 * the variables it started with; a subscription that passes `after` re-subscribes from here with
 * the last id it saw, so it catches up on what it missed.
 */
export const onSocketReconnected = socketReconnected.listen;

// A socket authenticates once, in connectionParams: a new token needs a new socket.
onTokenChange((token) => {
  if (token !== wsClientToken) disposeWsClient();
});

async function getWsClient(): Promise<WsClient> {
  const token = getToken();
  if (wsClient && wsClientToken === token) return wsClient;
  disposeWsClient();
  const { createClient } = await import('graphql-ws');
  const client = createClient({
    ...reconnectingSocketOptions(),
    lazy: true,
    lazyCloseTimeout: 3000,
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
    if (wasRetry) socketReconnected.emit();
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

let current: { environment: Environment; token: string | null } | null = null;

/**
 * The app's environment at this moment: one per token, so nobody sees records cached for the
 * previous user (a sign-in or sign-out opens a fresh one on next use). Route loaders start their
 * page's query in it, before the page's code has loaded; RelayProvider hands it to the pages.
 */
export function currentEnvironment(): Environment {
  const token = getToken();
  if (current?.token !== token) current = { environment: createRelayEnvironment(), token };
  return current.environment;
}

/** Replaces the current environment by an empty one (tests start each from an empty store). */
export function openFreshEnvironment(): Environment {
  current = { environment: createRelayEnvironment(), token: getToken() };
  return current.environment;
}
