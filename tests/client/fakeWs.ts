import type { Client, ClientOptions, Sink, SubscribePayload } from 'graphql-ws';

/** A stand-in for graphql-ws's client: records clients and subscriptions, lets tests push events. */
export interface FakeSubscription {
  payload: SubscribePayload;
  sink: Sink;
  active: boolean;
}

type ClientRecord = {
  options: ClientOptions;
  disposed: boolean;
  /** How many times the app restarted the socket (graphql-ws reconnects with fresh connectionParams). */
  terminated: number;
  listeners: Map<string, Set<(...args: unknown[]) => void>>;
};

export const fakeWs = {
  clients: [] as ClientRecord[],
  subscriptions: [] as FakeSubscription[],
  reset() {
    this.clients.length = 0;
    this.subscriptions.length = 0;
  },
  active(operationName: string) {
    return this.subscriptions.filter((s) => s.active && s.payload.operationName === operationName);
  },
  /** The server closed the live sockets with `code` (4401: the session ended): graphql-ws's `closed` event. */
  close(code: number) {
    for (const client of everyClient.filter((c) => !c.disposed)) {
      for (const listener of client.listeners.get('closed') ?? []) listener({ code, reason: '' });
    }
  },
  /** The socket came back after a drop: graphql-ws's `connected` event with `wasRetry`. */
  reconnect() {
    // Every live client, also one the app made before the last reset (it keeps its socket across tests).
    for (const client of everyClient.filter((c) => !c.disposed)) {
      for (const listener of client.listeners.get('connected') ?? []) listener({}, {}, true);
    }
  },
};

const everyClient: ClientRecord[] = [];

export function createClient(options: ClientOptions): Client {
  const record: ClientRecord = { options, disposed: false, terminated: 0, listeners: new Map() };
  fakeWs.clients.push(record);
  everyClient.push(record);
  return {
    subscribe(payload: SubscribePayload, sink: Sink) {
      const subscription: FakeSubscription = { payload, sink, active: true };
      fakeWs.subscriptions.push(subscription);
      return () => {
        subscription.active = false;
      };
    },
    iterate() {
      throw new Error('not used by the app');
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      const listeners = record.listeners.get(event) ?? new Set();
      record.listeners.set(event, listeners.add(listener));
      return () => listeners.delete(listener);
    },
    terminate() {
      record.terminated += 1;
    },
    dispose() {
      record.disposed = true;
    },
  } as unknown as Client;
}
