import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardData, fakeGraphQLServer, makeUser, renderApp, storeSession, onboardingTourAnswer } from './helpers';

/**
 * Ending the onboarding tour marks it done on the account and in this browser, however quickly the
 * member ends it. driver.js calls its onDestroyed only once some step's highlight has finished
 * moving (400 ms of animation frames each): a member who skipped or clicked through before that
 * never had it marked, and the tour came back on the next visit (seen in e2e on a fast machine).
 * Here no animation frame ever runs, as if every click came before the first highlight finished.
 */

const member = makeUser('USER');

function firstVisit() {
  storeSession(member);
  localStorage.removeItem('linkup_tour_disabled');
  localStorage.removeItem('linkup_tour_completed');
  return fakeGraphQLServer((call) => {
    if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(member) } };
    if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(member, { due: true });
    if (call.operationName === 'OnboardingTourCompleteMutation') {
      return {
        body: {
          data: {
            completeTour: {
              __typename: 'CompleteTourSuccess',
              viewer: { __typename: 'User', id: member.id, tourCompleted: true },
            },
          },
        },
      };
    }
    return undefined;
  });
}

const LOADED = { timeout: 10_000 };

describe('the onboarding tour', () => {
  beforeEach(() => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // Done on the last step goes the same way (finish()); tests/e2e/settingsTour.spec.ts clicks through every step.
  it.each([
    ['Skip', () => fireEvent.click(screen.getByTestId('tour-skip'))],
    ['Esc', () => fireEvent.keyUp(window, { key: 'Escape' })],
  ])('ended with %s before any highlight finished moving: done on the account and in this browser', async (_, end) => {
    const server = firstVisit();
    renderApp('/dashboard');
    const popover = await screen.findByTestId('tour-popover', undefined, LOADED);
    expect(popover.dataset.step).toBe('welcome');
    end();
    await waitFor(() => expect(screen.queryByTestId('tour-popover')).toBeNull());
    await waitFor(() => expect(server.operations()).toContain('OnboardingTourCompleteMutation'));
    expect(localStorage.getItem('linkup_tour_completed')).toBe('true');
  });
});
