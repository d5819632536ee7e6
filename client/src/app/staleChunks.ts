/**
 * A tab opened before a deploy asks for the old build's chunks, which the new build no longer has:
 * every page it has not loaded yet failed with «Что-то пошло не так» until the member reloaded by
 * hand. Vite reports such a failed chunk as a `vite:preloadError` event (its "Load error handling"
 * guide); the page then reloads itself once, which fetches the new build's index and chunks.
 * A reload for this reason within RELOAD_PAUSE_MS of the last one is not repeated (a chunk that fails
 * for another reason, such as a network that is down, must not reload the page in a loop): the error
 * then takes its usual course, the route's error page with its own reload button.
 */
const LAST_RELOAD_KEY = 'linkup_stale_chunk_reload';
export const RELOAD_PAUSE_MS = 10_000;

export function reloadOnStaleChunks(win: Window = window) {
  win.addEventListener('vite:preloadError', (event) => {
    const last = Number(read(win, LAST_RELOAD_KEY));
    if (Number.isFinite(last) && Date.now() - last < RELOAD_PAUSE_MS) return;
    // Without a record of this reload a failing chunk could reload the page in a loop: no reload then.
    if (!write(win, LAST_RELOAD_KEY, String(Date.now()))) return;
    // Vite throws the error unless the event is cancelled: the page is about to reload instead.
    event.preventDefault();
    win.location.reload();
  });
}

function read(win: Window, key: string): string | null {
  try {
    return win.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(win: Window, key: string, value: string): boolean {
  try {
    win.sessionStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
