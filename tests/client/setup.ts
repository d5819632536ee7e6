import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { activateLocale } from '../../client/src/i18n/locale'
import { fakeWs } from './fakeWs'

// No real sockets in component tests: subscriptions go to a recorder (see fakeWs.ts).
vi.mock('graphql-ws', () => import('./fakeWs'))

const hasDom = typeof window !== 'undefined'

// Every test starts signed out, in Russian, with no stubbed globals.
beforeEach(async () => {
  if (!hasDom) return // node-environment tests (the bundle budget) need none of this
  localStorage.clear()
  fakeWs.reset()
  await activateLocale('ru')
})

afterEach(() => {
  if (hasDom) cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})
