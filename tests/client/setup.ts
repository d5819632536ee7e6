import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLocale, loadSignedInTexts } from '../../client/src/i18n/locale';
import { fakeWs } from './fakeWs';

// No real sockets in component tests: subscriptions go to a recorder (see fakeWs.ts).
vi.mock('graphql-ws', () => import('./fakeWs'));

const hasDom = typeof window !== 'undefined';

// Pages are lazy chunks: on a loaded CI machine the first import of one takes more than the default
// second that `findBy*` waits, and the test would fail for want of patience, not of behaviour.
configure({ asyncUtilTimeout: 5000 });

// Every test starts signed out, in Russian, with no stubbed globals.
beforeEach(async () => {
  if (!hasDom) return; // node-environment tests (the bundle budget) need none of this
  localStorage.clear();
  fakeWs.reset();
  await activateLocale('ru');
  await loadSignedInTexts();
});

afterEach(() => {
  if (hasDom) cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
