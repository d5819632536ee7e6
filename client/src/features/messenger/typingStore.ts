import { useSyncExternalStore } from 'react';

/** Who is typing where: conversation id → until when (ms). Typing is shown for 6 s after the last signal. */
const SHOW_MS = 6_000;
const typingUntil = new Map<string, number>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function noteTyping(conversationId: string, typing: boolean) {
  if (typing) {
    typingUntil.set(conversationId, Date.now() + SHOW_MS);
    setTimeout(emit, SHOW_MS + 50);
  } else {
    typingUntil.delete(conversationId);
  }
  emit();
}

export function useIsTyping(conversationId: string | null | undefined): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (conversationId ? (typingUntil.get(conversationId) ?? 0) > Date.now() : false),
  );
}
