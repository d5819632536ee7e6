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
 * /social and the tabs of /admin are read from their sidebars, so a new one is checked too. Besides
 * the pages as they load: forms with their errors shown and the dialogs and panels members and
 * admins open most (`open`), and every page again in the dark theme (one language per size).
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
  // Submitted empty, not with a wrong password: every failed sign-in counts against this address, and
  // eight of them (one per test) would lock the suites after this one out with 429.
  {
    person: 'visitor',
    name: 'login with its field errors',
    path: '/login',
    open: async (page) => {
      await page.getByTestId('login-submit').click();
      await expect(page.locator('[data-part="error-text"]').first()).toBeVisible();
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
  // Forms with their errors shown, dialogs and panels that open over a page: a page scanned as it
  // loads shows none of them.
  {
    person: 'member',
    name: 'profile settings with a taken username',
    path: '/profile-settings',
    open: async (page) => {
      await page.getByTestId('settings-username').fill('dmitry');
      await expect(page.getByTestId('username-taken')).toBeVisible();
    },
  },
  ...(['phone', 'privacy'] as const).map((tab): Visit => ({
    person: 'member',
    name: `profile settings ${tab}`,
    path: '/profile-settings',
    open: (page) => page.getByTestId(`settings-tab-${tab}`).click(),
  })),
  {
    person: 'member',
    name: 'profile settings password with passwords that differ',
    path: '/profile-settings',
    open: async (page) => {
      await page.getByTestId('settings-tab-password').click();
      await page.getByTestId('current-password').fill(MEMBER.password);
      await page.getByTestId('new-password').fill('new-password-1');
      await page.getByTestId('confirm-password').fill('new-password-2');
      await page.getByTestId('change-password').click();
      await expect(page.getByTestId('settings-notice-error')).toBeVisible();
    },
  },
  {
    person: 'member',
    name: 'social publications composer',
    path: '/social?section=publications',
    open: async (page) => {
      await page.getByTestId('composer-prompt').click();
      await expect(page.getByTestId('composer-text')).toBeVisible();
    },
  },
  {
    person: 'member',
    name: 'social messenger chat with its contact picker and emoji panel',
    path: '/social?section=messenger',
    open: async (page) => {
      await page.getByTestId('conversation-list').getByRole('button').first().click();
      await page.getByTestId('contact-picker-toggle').click();
      await expect(page.getByTestId('contact-picker')).toBeVisible();
      await page.getByTestId('emoji-toggle').click();
      await expect(page.getByTestId('emoji-panel')).toBeVisible();
    },
  },
  {
    person: 'member',
    name: 'subscription plans subscribe dialog',
    path: '/subscription-plans',
    open: async (page) => {
      await page.locator('[data-testid="plans-table"] button[data-testid^="subscribe-"]').first().click();
      await expect(page.getByTestId('subscribe-dialog')).toBeVisible();
    },
  },
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
  ...(
    [
      ['rooms', 'create-room', 'room-form'],
      ['calendar', 'calendar-create', 'calendar-event-form'],
    ] as const
  ).map(([tab, button, dialog]): Visit => ({
    person: 'member',
    name: `meeting area ${dialog} dialog`,
    path: '/video-calls',
    open: async (page) => {
      await showSidePanel(page);
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByTestId(button).click();
      await expect(page.getByTestId(dialog)).toBeVisible();
    },
  })),
  { person: 'admin', name: 'users', path: '/users' },
  ...adminTabs.map((id): Visit => ({ person: 'admin', name: `admin ${id}`, path: `/admin/${id}` })),
  // The admin's editors: a new user and a new API key saved empty (the server's refusal shown, nothing
  // stored), a plan's editor.
  {
    person: 'admin',
    name: 'admin users editor refused',
    path: '/admin/users',
    open: async (page) => {
      await page.getByTestId('admin-user-add').click();
      await page.getByTestId('user-form-save').click();
      await expect(page.getByTestId('user-form-error')).toBeVisible();
    },
  },
  {
    person: 'admin',
    name: 'admin API key editor refused',
    path: '/admin/api',
    open: async (page) => {
      await page.getByTestId('api-key-create-open').click();
      await page.getByTestId('api-key-create-save').click();
      await expect(page.getByTestId('api-key-create').getByRole('alert')).toBeVisible();
    },
  },
  {
    person: 'admin',
    name: 'admin subscribers plan editor',
    path: '/admin/subscribers',
    open: async (page) => {
      await page.getByTestId('plan-edit').first().click();
      await expect(page.getByTestId('plan-dialog')).toBeVisible();
    },
  },
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

/** The site's look as `GET /api/themes/active` gives it (client/src/app/siteTheme.ts). */
type ActiveTheme = { name: string; mode: string; accent: string };

/**
 * A browser of `locale` at `options` signed in with `token` (none: a visitor); with `theme`, its
 * pages find that theme active: the server's answers that name the active theme (`GET
 * /api/themes/active`, and `siteThemeChanged`'s first event on the socket of signed-in pages) name
 * it, for this browser only. An admin's activation would do the same for every browser: the light
 * tests run beside the dark ones on the same server, and their open pages would turn dark with it.
 */
async function personContext(
  browser: Browser,
  locale: Locale,
  options: BrowserContextOptions,
  token: string | null,
  theme: ActiveTheme | null = null,
) {
  const context = await browser.newContext({ ...options, locale: LOCALE_TAGS[locale] });
  if (theme) {
    await context.route('**/api/themes/active', (route) => route.fulfill({ json: theme }));
    await context.routeWebSocket('**/graphql', (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => server.send(message));
      server.onMessage((message) => {
        const event = typeof message === 'string' ? JSON.parse(message) : null;
        if (!event?.payload?.data?.siteThemeChanged) return socket.send(message);
        // GraphQL's enum values: the client lowercases them (SiteThemeLive).
        event.payload.data.siteThemeChanged = { mode: theme.mode.toUpperCase(), accent: theme.accent.toUpperCase() };
        socket.send(JSON.stringify(event));
      });
    });
  }
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
/** The dark theme the database comes with (migration 20261125204500_default_themes), as the admin's list has it. */
let darkTheme: ActiveTheme;
test.beforeAll(async ({ browser, baseURL }) => {
  tokens = {
    visitor: null,
    member: (await signIn(baseURL!, MEMBER.email, MEMBER.password)).token,
    admin: (await signIn(baseURL!, ADMIN.email, ADMIN.password)).token,
  };
  const socialSections = await sidebarIds(browser, tokens.member!, '/social', 'button', 'social-section-');
  const adminTabs = await sidebarIds(browser, tokens.admin!, '/admin', '[data-testid="admin-sidebar"] a', 'admin-tab-');
  pagesToVisit = visits(socialSections, adminTabs);
  const themes = (await (
    await fetch(`${baseURL}/api/themes`, { headers: { authorization: `Bearer ${tokens.admin}` } })
  ).json()) as ActiveTheme[];
  const dark = themes.find((theme) => theme.mode === 'dark');
  expect(dark, 'the database has a dark theme').toBeDefined();
  darkTheme = { name: dark!.name, mode: dark!.mode, accent: dark!.accent };
});

/** Visits every page in `locale` at `options` (in `theme` when given): the serious or critical violations found, one line each. */
async function auditEveryPage(
  browser: Browser,
  locale: Locale,
  options: BrowserContextOptions,
  theme: ActiveTheme | null = null,
) {
  const pages = new Map<Person, TrackedPage>();
  /** Pages loaded and left as a route shows them: the next visit is a route change, not a new load. */
  const fresh = new Set<TrackedPage>();
  const found: string[] = [];
  for (const visit of pagesToVisit) {
    let page = pages.get(visit.person);
    if (!page) {
      page = await trackingRequests(await (await personContext(browser, locale, options, tokens[visit.person], theme)).newPage());
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
    // A pass in a theme scans the pages in it, not in the look they painted before its answer came.
    if (theme)
      await expect(page.locator('html'), `${visit.name} in the ${theme.mode} theme`).toHaveClass(
        new RegExp(`\\b${theme.mode}\\b`),
      );
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
  return found;
}

for (const locale of LOCALES) {
  for (const [device, options] of Object.entries(VIEWPORTS)) {
    test(`every page has no serious or critical accessibility violation: ${locale}, ${device}`, async ({ browser }) => {
      test.setTimeout(300_000);
      const found = await auditEveryPage(browser, locale, options);
      expect(found, `serious or critical violations (${locale}, ${device}):\n${found.join('\n')}\n`).toHaveLength(0);
    });
  }
}

/**
 * The same pages in the dark theme an admin can apply (the admin's "Themes" tab), in one language per
 * size: the colours do not depend on the language, and two more passes of every language would add
 * four tests' time to CI.
 */
const DARK_PASSES: Record<keyof typeof VIEWPORTS, Locale> = { desktop: 'en', phone: 'fr' };
for (const [device, locale] of Object.entries(DARK_PASSES) as [keyof typeof VIEWPORTS, Locale][]) {
  test(`every page has no serious or critical accessibility violation in the dark theme: ${locale}, ${device}`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const found = await auditEveryPage(browser, locale, VIEWPORTS[device], darkTheme);
    expect(found, `serious or critical violations in the dark theme (${locale}, ${device}):\n${found.join('\n')}\n`).toHaveLength(
      0,
    );
  });
}
