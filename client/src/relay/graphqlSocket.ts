import type { ClientOptions } from 'graphql-ws';
import { GRAPHQL_PATH } from './graphqlHttp';
import { reconnectDelay } from './reconnectDelay';

/**
 * What the app's graphql-ws clients share (Relay's, environment.ts, and the sign-in pages' branding
 * feed, app/publicBranding.ts): this origin's GraphQL address, and reconnecting for good, spaced by
 * reconnectDelay.
 */
export function reconnectingSocketOptions(): Pick<ClientOptions, 'url' | 'retryAttempts' | 'retryWait'> {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    url: `${protocol}//${location.host}${GRAPHQL_PATH}`,
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelay(retries))),
  };
}
