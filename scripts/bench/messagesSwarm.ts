import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { reconnectDelay } from '../../client/src/relay/reconnectDelay';

/**
 * The receiving side of scripts/bench/messages.ts, in its own process: N graphql-ws clients that
 * each subscribe to `messageAdded` (against LinkUp, or against the baseline's bare broadcast, which
 * speaks just enough of the protocol), record the delay from the send time stamped in each message
 * to its arrival, and report to the parent over IPC.
 */
type Start = { url: string; tokens: string[] };
const now = () => performance.timeOrigin + performance.now();

const latencies: number[] = [];
let delivered = 0;
let firstAt = 0;
let lastAt = 0;
const perMessage = new Map<string, number>();
// For the parent's timeout message: how far connecting got.
let connectedCount = 0;
const failedBeforeConnecting = new Set<number>();
const errorCodes = new Map<string, number>();
let printedAnError = false;
// Connection attempts after a failed one (every socket retries, like the web client, until the parent's timeout).
let retries = 0;

/** `content` is `<key>:<send time>`; the parent hears of each key once every subscriber has it. */
function onMessage(content: string, subscribers: number) {
  const t = now();
  const [key, sentAt] = content.split(':');
  latencies.push(t - Number(sentAt));
  delivered += 1;
  if (!firstAt) firstAt = t;
  lastAt = t;
  const count = (perMessage.get(key) ?? 0) + 1;
  perMessage.set(key, count);
  if (count === subscribers) process.send!({ type: 'delivered', key });
}

process.on('message', async (raw: { type: string } & Partial<Start>) => {
  if (raw.type === 'reset') {
    latencies.length = 0;
    delivered = 0;
    firstAt = 0;
    lastAt = 0;
    perMessage.clear();
    process.send!({ type: 'reset' });
    return;
  }
  if (raw.type === 'status') {
    process.send!({
      type: 'status',
      connected: connectedCount,
      failedConnections: failedBeforeConnecting.size,
      errorCodes: Object.fromEntries(errorCodes),
      retries,
    });
    return;
  }
  if (raw.type === 'report') {
    process.send!({ type: 'report', latencies, delivered, spanMs: lastAt - firstAt });
    return;
  }
  if (raw.type !== 'start') return;
  const { url, tokens } = raw as Start;
  let ready = 0;
  const markReady = () => {
    ready += 1;
    if (ready === tokens.length) process.send!({ type: 'ready', retries, errorCodes: Object.fromEntries(errorCodes) });
  };
  for (const [index, token] of tokens.entries()) {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: false,
      // A socket that fails to connect (a full accept backlog under the storm of thousands) comes back
      // after the web client's jittered backoff, however it failed, until the parent's timeout.
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (attempt) => {
        retries += 1;
        return new Promise((resolve) => setTimeout(resolve, reconnectDelay(attempt)));
      },
      // Its default prints every failed connection (thousands at 10,000 sockets): they are counted below instead.
      onNonLazyError: () => {},
    });
    // Connected is not yet subscribed: the parent's warm-up waits until every subscription delivers.
    let connected = false;
    client.on('connected', () => {
      if (connected) return;
      connected = true;
      connectedCount += 1;
      failedBeforeConnecting.delete(index);
      markReady();
    });
    client.on('error', (error) => {
      // ws hands an ErrorEvent whose `error` is the socket's Error (ECONNRESET...).
      const cause = error as { code?: string; message?: string; error?: { code?: string; message?: string } };
      const code = cause.error?.code ?? cause.code ?? cause.error?.message ?? cause.message ?? String(error);
      errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
      if (!connected) failedBeforeConnecting.add(index);
    });
    client.subscribe<{ messageAdded: { content: string } }>(
      { query: 'subscription { messageAdded { id databaseId content createdAt senderId } }' },
      {
        next: ({ data }) => onMessage(data!.messageAdded.content, tokens.length),
        // A socket that fails errs here too: counted above (client 'error'); only the first is printed, not thousands.
        error: (e) => {
          if (!printedAnError) console.error('first subscription error (the others are counted):', e);
          printedAnError = true;
        },
        complete: () => {},
      },
    );
    // Connecting a thousand sockets at once overflows the accept backlog: pace them.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
});
