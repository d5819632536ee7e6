/**
 * Reconnect delays as the spec's socket defaults: 1 s doubling up to 5 s, randomised by half, so
 * that clients dropped together (a server restart, a connection storm) do not all come back at once.
 * Its own module, free of browser globals, so that the message bench's swarm retries the same way.
 */
export function reconnectDelay(retries: number): number {
  const base = Math.min(1000 * 2 ** retries, 5000);
  return base * (0.5 + Math.random() * 0.5);
}
