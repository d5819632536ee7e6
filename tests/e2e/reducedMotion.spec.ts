import { expect, test } from '@playwright/test';
import { registerMember } from '../support/members';
import { openMeeting } from './meeting';

/**
 * A member whose system asks for reduced motion gets none (client/src/app/theme.ts): the dialog
 * that asks before blocking someone, which otherwise scales and fades in, is there at once. Both
 * preferences are tried, so the test also fails when dialogs stop animating for everyone.
 */
const longestSeconds = (duration: string) => Math.max(...duration.split(',').map((part) => parseFloat(part)));

test('a dialog opens without animation for a member who asks for reduced motion, animated for the others', async ({
  browser,
  baseURL,
}) => {
  const member = await registerMember(baseURL!);
  const other = await registerMember(baseURL!);
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const { page, context } = await openMeeting(browser, baseURL!, member, `/profile/${other.username}`, { reducedMotion });
    await page.getByTestId('block-user').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toBeVisible();
    const style = await dialog.evaluate((element) => {
      const { animationDuration, animationIterationCount, transitionDuration } = getComputedStyle(element);
      return { animationDuration, animationIterationCount, transitionDuration };
    });
    if (reducedMotion === 'reduce') {
      expect(longestSeconds(style.animationDuration), style.animationDuration).toBeLessThan(0.001);
      expect(longestSeconds(style.transitionDuration), style.transitionDuration).toBeLessThan(0.001);
      expect(style.animationIterationCount).toBe('1');
    } else {
      expect(longestSeconds(style.animationDuration), style.animationDuration).toBeGreaterThan(0.05);
    }
    await context.close();
  }
});
