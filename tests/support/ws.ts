import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export type ConnectOptions = {
  /** The access token, sent as `authorization: Bearer <token>` in the connection parameters. */
  token?: string;
  /** The connection's language (the server's texts in subscription events follow it). */
  locale?: string;
  /** false: connect at once (a refused token then fails the first subscription); graphql-ws defaults to true. */
  lazy?: boolean;
};

/** graphql-ws clients of running test servers; dispose() closes every client opened. */
export function wsClients() {
  const clients: Client[] = [];
  return {
    connect(serverUrl: string, { token, locale, lazy }: ConnectOptions = {}): Client {
      const client = createClient({
        url: `${serverUrl.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(locale ? { locale } : {}) },
        retryAttempts: 0,
        lazy,
      });
      clients.push(client);
      return client;
    },
    dispose: () => Promise.all(clients.map((client) => client.dispose())),
  };
}
