/**
 * The listeners of one event (a 401, a socket back after a drop): `listen` answers the function that
 * stops listening; `emit` calls each listener there is at that moment.
 */
export function signal() {
  const listeners = new Set<() => void>();
  return {
    listen(listener: () => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}
