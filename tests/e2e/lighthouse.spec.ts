import { expect, test } from '@playwright/test';
import { formatScores, LIGHTHOUSE_PAGES, measurePages, PERFORMANCE_BUDGET } from '../../scripts/bench/lighthousePages';

/**
 * Issue 20 point 5: Lighthouse's mobile performance score of /login, /dashboard and /social (demo
 * data) stays within the budget (scripts/bench/lighthousePages.ts). It runs in the `lighthouse`
 * project, alone after the rest of the suite (playwright.config.ts): the score depends on the CPU
 * the page gets.
 */
test('the login, dashboard and social pages meet the Lighthouse mobile performance budget', async ({ baseURL }) => {
  test.setTimeout(180_000);
  // Its own DevTools port, beside the e2e server's (E2E_PORT) in the range the run was given.
  const scores = await measurePages(baseURL!, Number(new URL(baseURL!).port) + 2);
  console.log(formatScores(scores));
  expect(scores.map((score) => score.path)).toEqual(LIGHTHOUSE_PAGES.map((page) => page.path));
  const over = scores.filter((score) => score.performance < PERFORMANCE_BUDGET);
  expect(over, `below the performance budget of ${PERFORMANCE_BUDGET}:\n${formatScores(over)}`).toHaveLength(0);
});
