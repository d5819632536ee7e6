import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: notices are shown for 5 seconds. */
export const NOTICE_DURATION_MS = 5000;

/** A notice that clears itself after 5 s; showing another restarts the clock. */
export function useTimedNotice<T = string>(): [T | null, (notice: T | null) => void] {
  const [notice, setNotice] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: T | null) => {
    clearTimeout(timer.current);
    setNotice(next);
    if (next !== null) timer.current = setTimeout(() => setNotice(null), NOTICE_DURATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, show];
}
