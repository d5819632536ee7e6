import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { signIn } from '../support/members';
import { LANGUAGE_STORAGE_KEY, LOCALE_TAGS, LOCALES, type Locale } from '../../client/src/i18n/locale';
import { showSidePanel } from './meeting';
import { VIEWPORTS } from './support';

/**
 * Issue 20 point 5: axe on every page of the client's router (client/src/app/router.tsx), in each
 * language at the desktop and the phone size: no violation of impact serious or critical of WCAG
 * 2.0/2.1 A and AA. Signed-out pages as a visitor, the member's pages as the demo member, the
 * moderator's and the admin's as the demo admin. One test per language and size, each with one
 * browser context per person, signed in by token (as tests/e2e/meeting.ts does). The sections of
 * /social and the tabs of /admin are read from their sidebars, so a new one is checked too.
 */

// The demo accounts of the seeded database (prisma/seed.ts).
const MEMBER = { email: 'anna@linkup.ru', password: 'user123' };
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

type Person = 'visitor' | 'member' | 'admin';
type Visit = {
  person: Person;
  /** What the failure message calls the page. */
  name: string;
  path: string;
  /** What to do on the loaded page before the scan (open a mode or a tab). */
  open?: (page: Page) => Promise<void>;
  /** Stays on the page the previous visit left (at `path`): only `open` runs. */
  stay?: boolean;
};

const MEETING_TABS = ['rooms', 'contacts', 'calendar', 'activities', 'recordings', 'files'];

/** Every page, given the sections of /social and the tabs of /admin. */
const visits = (socialSections: string[], adminTabs: string[]): Visit[] => [
  { person: 'visitor', name: 'landing', path: '/' },
  { person: 'visitor', name: 'login', path: '/login' },
  { person: 'visitor', name: 'register', path: '/register' },
  // Error texts appear only after a submit, so a page scanned as it loads never shows their colour.
  {
    person: 'visitor',
    name: 'register with its field errors',
    path: '/register',
    open: async (page) => {
      await page.getByTestId('tab-register').click();
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-email-error')).toBeVisible();
    },
  },
  {
    person: 'visitor',
    name: 'login with a wrong password',
    path: '/login',
    open: async (page) => {
      await page.getByTestId('login-email').fill(MEMBER.email);
      await page.getByTestId('login-password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('login-error')).toBeVisible();
    },
  },
  {
    person: 'visitor',
    name: 'password recovery',
    path: '/login',
    open: (page) => page.getByTestId('forgot-password').click(),
  },
  { person: 'visitor', name: 'reset password', path: '/reset-password?token=a11y-check' },
  { person: 'member', name: 'dashboard', path: '/dashboard' },
  { person: 'member', name: 'content', path: '/content' },
  { person: 'member', name: 'content article', path: '/content/welcome-to-linkup' },
  ...socialSections.map((id): Visit => ({ person: 'member', name: `social ${id}`, path: `/social?section=${id}` })),
  {
    person: 'member',
    name: 'social messenger chat',
    path: '/social?section=messenger',
    open: async (page) => {
      await page.getByTestId('conversation-list').getByRole('button').first().click();
      await expect(page).toHaveURL(/recipient=/);
    },
  },
  { person: 'member', name: 'social search results', path: '/social?section=search&q=LinkUp' },
  { person: 'member', name: 'social tag', path: '/social?section=tag&tag=linkup' },
  {
    person: 'member',
    name: 'social community',
    path: '/social?section=communities',
    open: async (page) => {
      await page.locator('a[href*="section=community&"]').first().click();
      await expect(page).toHaveURL(/section=community&/);
    },
  },
  { person: 'member', name: 'support', path: '/support' },
  { person: 'member', name: 'own profile', path: '/profile/anna' },
  { person: 'member', name: 'other profile', path: '/profile/dmitry' },
  { person: 'member', name: 'subscription plans', path: '/subscription-plans' },
  { person: 'member', name: 'profile settings', path: '/profile-settings' },
  { person: 'member', name: 'meeting area', path: '/video-calls' },
  ...MEETING_TABS.map((tab): Visit => ({
    person: 'member',
    name: `meeting area ${tab}`,
    path: '/video-calls',
    open: async (page) => {
      await showSidePanel(page);
      await page.getByTestId(`tab-${tab}`).click();
    },
  })),
  { person: 'admin', name: 'users', path: '/users' },
  ...adminTabs.map((id): Visit => ({ person: 'admin', name: `admin ${id}`, path: `/admin/${id}` })),
];

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = ['serious', 'critical'];

/** How long without a request in flight or a DOM change counts as loaded (Playwright's networkidle waits 500 ms on every page). */
const QUIET_MS = 150;

/**
 * A page that tracks its HTTP requests in flight (the app's socket is not one) and when its DOM last
 * changed, for `settle`.
 */
async function trackingRequests(page: Page) {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (by: number) => () => {
    inFlight += by;
    changedAt = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  // A route change renders in a React transition, which may start its requests only after a quiet
  // moment on a busy machine: the DOM's own changes count as activity too.
  await page.addInitScript(() => {
    const mark = () => ((window as { lastDomChange?: number }).lastDomChange = performance.now());
    mark();
    new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    // A restyle's transition (the sidebar's link turning active) is scanned at its end state, not
    // half way: a link whose text is still fading to white on a fill still fading in fails contrast.
    const noTransitions = document.createElement('style');
    noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';
    document.documentElement.append(noTransitions);
  });
  return Object.assign(page, {
    networkQuietFor: () => (inFlight > 0 ? 0 : Date.now() - changedAt),
    /** Something started that will request (a route change): the quiet counts from now. */
    busyNow: change(0),
  });
}
type TrackedPage = Awaited<ReturnType<typeof trackingRequests>>;

/** Waits until the page has loaded what it shows: no request and no DOM change for a moment, no loading screen, no transition running. */
async function settle(page: TrackedPage) {
  const domQuietFor = () => page.evaluate(() => performance.now() - ((window as { lastDomChange?: number }).lastDomChange ?? 0));
  await expect
    .poll(
      async () =>
        page.networkQuietFor() >= QUIET_MS &&
        (await domQuietFor()) >= QUIET_MS &&
        (await page.getByTestId('loading').count()) === 0,
      {
        intervals: [50],
        timeout: 30_000,
      },
    )
    .toBe(true);
  // What a render starts (a dialog's opening animation) starts on the next frames, so animations are
  // looked for after two (transitions are switched off: trackingRequests).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Fading dialogs and drawers would be scanned half transparent; spinners' endless animations do not count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Goes to `path` as the app's own links do (the router follows history changes), without loading
 * the page again: each visit then costs what the route costs, not the whole application's start.
 */
async function navigateInApp(page: TrackedPage, path: string) {
  page.busyNow();
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function personContext(browser: Browser, locale: Locale, options: BrowserContextOptions, token: string | null) {
  const context = await browser.newContext({ ...options, locale: LOCALE_TAGS[locale] });
  await context.addInitScript(
    ({ key, locale, token }) => {
      localStorage.setItem(key, locale);
      if (token) localStorage.setItem('token', token);
    },
    { key: LANGUAGE_STORAGE_KEY, locale, token },
  );
  return context;
}

/** What follows `prefix` in the test ids of the sidebar's `element`s whose test id starts with it, on `path` as the person with `token`. */
async function sidebarIds(browser: Browser, token: string, path: string, element: string, prefix: string) {
  const context = await personContext(browser, 'ru', VIEWPORTS.desktop, token);
  const page = await context.newPage();
  await page.goto(path);
  const items = page.locator(`${element}[data-testid^="${prefix}"]`);
  await expect(items.first()).toBeVisible();
  const ids = (await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')!))).map((id) =>
    id.slice(prefix.length),
  );
  await context.close();
  return ids;
}

test.describe.configure({ mode: 'parallel' });

let tokens: Record<Person, string | null>;
let pagesToVisit: Visit[];
test.beforeAll(async ({ browser, baseURL }) => {
  tokens = {
    visitor: null,
    member: (await signIn(baseURL!, MEMBER.email, MEMBER.password)).token,
    admin: (await signIn(baseURL!, ADMIN.email, ADMIN.password)).token,
  };
  const socialSections = await sidebarIds(browser, tokens.member!, '/social', 'button', 'social-section-');
  const adminTabs = await sidebarIds(browser, tokens.admin!, '/admin', '[data-testid="admin-sidebar"] a', 'admin-tab-');
  pagesToVisit = visits(socialSections, adminTabs);
});

for (const locale of LOCALES) {
  for (const [device, options] of Object.entries(VIEWPORTS)) {
    test(`every page has no serious or critical accessibility violation: ${locale}, ${device}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const pages = new Map<Person, TrackedPage>();
      /** Pages loaded and left as a route shows them: the next visit is a route change, not a new load. */
      const fresh = new Set<TrackedPage>();
      const found: string[] = [];
      for (const visit of pagesToVisit) {
        let page = pages.get(visit.person);
        if (!page) {
          page = await trackingRequests(await (await personContext(browser, locale, options, tokens[visit.person])).newPage());
          pages.set(visit.person, page);
        }
        if (!visit.stay) {
          await (fresh.has(page) ? navigateInApp(page, visit.path) : page.goto(visit.path));
          fresh.add(page);
          await settle(page);
        }
        if (visit.open) {
          // What it opened (a dialog, a drawer) may outlive a route change: the next visit loads anew.
          fresh.delete(page);
          await visit.open(page);
          await settle(page);
        }
        // Legacy mode runs axe in the page itself; the default finishes every scan in a new blank
        // page with axe injected again, which took 2.4 times as long here (31 s against 13 s per
        // language and size) for the same violations, frames included.
        const { violations } = await new AxeBuilder({ page })
          .withTags(WCAG_TAGS)
          .setLegacyMode()
          .options({ resultTypes: ['violations'] })
          .analyze();
        for (const violation of violations) {
          if (!FAILING_IMPACTS.includes(violation.impact ?? '')) continue;
          for (const node of violation.nodes) {
            found.push(
              `${visit.name} (${visit.path}): ${violation.id} [${violation.impact}] ${node.target.join(' ')} ${node.html}\n  ${node.failureSummary ?? ''}`,
            );
          }
        }
      }
      for (const page of pages.values()) await page.context().close();
      expect(found, `serious or critical violations (${locale}, ${device}):\n${found.join('\n')}\n`).toHaveLength(0);
    });
  }
}
