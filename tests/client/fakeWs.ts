import type { Client, ClientOptions, Sink, SubscribePayload } from 'graphql-ws'

/** A stand-in for graphql-ws's client: records clients and subscriptions, lets tests push events. */
export interface FakeSubscription {
  payload: SubscribePayload
  sink: Sink
  active: boolean
}

export const fakeWs = {
  clients: [] as { options: ClientOptions; disposed: boolean }[],
  subscriptions: [] as FakeSubscription[],
  reset() {
    this.clients.length = 0
    this.subscriptions.length = 0
  },
  active(operationName: string) {
    return this.subscriptions.filter((s) => s.active && s.payload.operationName === operationName)
  },
}

export function createClient(options: ClientOptions): Client {
  const record = { options, disposed: false }
  fakeWs.clients.push(record)
  return {
    subscribe(payload: SubscribePayload, sink: Sink) {
      const subscription: FakeSubscription = { payload, sink, active: true }
      fakeWs.subscriptions.push(subscription)
      return () => {
        subscription.active = false
      }
    },
    iterate() {
      throw new Error('not used by the app')
    },
    on() {
      return () => {}
    },
    terminate() {},
    dispose() {
      record.disposed = true
    },
  } as unknown as Client
}
