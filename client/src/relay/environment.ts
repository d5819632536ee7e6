import { i18n } from '@lingui/core';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  fetchQuery,
  getRequestIdentifier,
  readInlineData,
  type OperationDescriptor,
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
import { LanguageAwareStore } from './languageAwareStore';
import { currentLocale, type Locale } from '../i18n/locale';

export { getToken, setToken, clearToken, onTokenChange } from './token';
export { reconnectDelay } from './reconnectDelay';

provideInlineDataReader(readInlineData);

/**
 * Queries and mutations over HTTP. Each answer to a query is reported to `store` with the language
 * it was asked in (see LanguageAwareStore); one asked before a change of language that holds server
 * texts is asked again.
 */
function fetchGraphQL(store: LanguageAwareStore, refetch: (operation: OperationDescriptor) => void): FetchFunction {
  return (request, variables, cacheConfig, uploadables) => {
    const timeoutMs = typeof cacheConfig?.metadata?.timeoutMs === 'number' ? cacheConfig.metadata.timeoutMs : DEFAULT_TIMEOUT_MS;
    // postGraphQL reads the language for its Accept-Language header at once, as this does.
    const askedIn = currentLocale();
    return Observable.create<GraphQLResponse>((sink) => {
      const unsubscribed = new AbortController();
      postGraphQL(request, variables, { timeoutMs, uploadables, signal: unsubscribed.signal }).then(
        (result) => {
          sink.next(result as GraphQLResponse);
          sink.complete();
          if (request.operationKind !== 'query') return;
          const localized = result.extensions?.locale != null;
          const outdated = store.noteAnswer(getRequestIdentifier(request, variables), askedIn, localized, currentLocale());
          if (outdated) refetch(outdated);
        },
        (error: unknown) => {
          if (!unsubscribed.signal.aborted) sink.error(error as Error);
        },
      );
      return () => unsubscribed.abort();
    });
  };
}

// --- subscriptions over graphql-ws, loaded on first use so the login page does not pay for it ---

let wsClient: WsClient | null = null;
let wsClientToken: string | null = null;
/** The language the open socket connected with (null: none connected yet). */
let socketLocale: Locale | null = null;

function disposeWsClient() {
  const client = wsClient;
  wsClient = null;
  wsClientToken = null;
  socketLocale = null;
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
    // The server answers a socket's subscriptions in the language its connection named (its texts:
    // notifications, typed errors...); a change of language restarts the socket (the i18n listener below).
    connectionParams: () => {
      const current = getToken();
      socketLocale = currentLocale();
      return current ? { authorization: `Bearer ${current}`, locale: socketLocale } : { locale: socketLocale };
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
  const store = new LanguageAwareStore(new RecordSource());
  const environment: Environment = new Environment({
    network: Network.create(
      fetchGraphQL(store, (operation) => askAgain(environment, operation)),
      subscribeGraphQL,
    ),
    store,
  });
  return environment;
}

/**
 * A query on screen asked again, network-only, into the store: the page keeps showing what it has
 * until the new answer arrives (no suspense, no empty page). A failure leaves it as it was.
 */
function askAgain(environment: Environment, operation: OperationDescriptor) {
  fetchQuery(environment, operation.request.node, operation.request.variables, {
    fetchPolicy: 'network-only',
    networkCacheConfig: operation.request.cacheConfig ?? undefined,
  }).subscribe({ error: () => {} });
}

let current: { environment: Environment; token: string | null } | null = null;

/**
 * After the reader switches languages, what the server writes follows at once, on the open page:
 * requests carry the new language already (graphqlHttp.ts reads it per request); the socket, whose
 * connection named the old one, reconnects (its subscriptions go on, and catch up, as after a drop);
 * the queries on screen holding server texts (plan names, notifications...) are asked again.
 * Lingui also signals a change when it loads more texts of the same language: nothing is outdated then.
 */
i18n.on('change', () => {
  const locale = currentLocale();
  // terminate(): graphql-ws closes the socket and reconnects as after a drop, with new connectionParams.
  if (wsClient && socketLocale !== null && socketLocale !== locale) wsClient.terminate();
  // Looked at after the tasks already queued: a page just left may not have run its unmount effects
  // yet (React runs them after the commit, at the latest before it renders the switch), and it would
  // be counted as on screen and asked again for nothing.
  setTimeout(() => {
    const environment = current?.environment;
    const store = environment?.getStore();
    if (!environment || !(store instanceof LanguageAwareStore)) return;
    for (const operation of store.outdatedIn(currentLocale())) askAgain(environment, operation);
  }, 0);
});

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
