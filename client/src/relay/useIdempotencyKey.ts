import { useRef } from 'react';

/**
 * One idempotency key per send (the server stores a send once per key): the same key while the
 * send is retried after a failure, a new one once it went through.
 */
export function useIdempotencyKey() {
  const current = useRef<string | null>(null);
  return {
    forSend: () => (current.current ??= crypto.randomUUID()),
    sent: () => {
      current.current = null;
    },
  };
}
