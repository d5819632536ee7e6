import type { Page } from '@playwright/test';

/**
 * Resolves (in the page) with the epoch time at which the element with test id `testId` first has a
 * `data-<key>` for which `condition` holds: a JavaScript expression over `value`, the attribute's
 * text (e.g. `Number(value) >= 3`). Rejects after `timeoutMs` naming `what` did not arrive.
 */
export function whenDataShows(
  page: Page,
  {
    testId,
    key,
    condition,
    what,
    timeoutMs,
  }: { testId: string; key: string; condition: string; what: string; timeoutMs: number },
): Promise<number> {
  // Script text, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  return page.evaluate(`new Promise((resolve, reject) => {
    const element = document.querySelector('[data-testid="${testId}"]');
    const done = () => { const value = element.dataset.${key}; return ${condition}; };
    if (done()) return resolve(performance.timeOrigin + performance.now());
    const observer = new MutationObserver(() => {
      if (done()) { observer.disconnect(); resolve(performance.timeOrigin + performance.now()); }
    });
    observer.observe(element, { attributes: true, attributeFilter: ['data-${key}'] });
    setTimeout(() => reject(new Error('${what} did not arrive within ${timeoutMs} ms')), ${timeoutMs});
  })`) as Promise<number>;
}
