import { expect, test, type Browser, type BrowserContextOptions } from '@playwright/test';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { signIn } from '../support/members';
import { expectNoSideScroll, unique, VIEWPORTS } from './support';

/** Issue 15 points 2 and 8: branding and translation overrides reach members' pages without a rebuild. */

// The demo accounts of the seeded database (prisma/seed.ts).
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };
const MEMBER = { email: 'elena@linkup.ru', password: 'user123' };

// One logo and one catalog for the whole server.
test.describe.configure({ mode: 'serial' });

/** A browser signed in with `token` (through the API) in `language`, on `path`. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  {
    token,
    language,
    path,
    screen = VIEWPORTS.desktop,
  }: { token: string; language: string; path: string; screen?: BrowserContextOptions },
) {
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', ...screen });
  await context.addInitScript(
    ([value, lang]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('language', lang);
    },
    [token, language],
  );
  const page = await context.newPage();
  await page.goto(path);
  return { page, context };
}

/** A member's page on /dashboard, signed in through the API, in `language`. */
async function memberDashboard(
  browser: Browser,
  baseURL: string,
  language: string,
  screen: BrowserContextOptions = VIEWPORTS.desktop,
) {
  const { token } = await signIn(baseURL, MEMBER.email, MEMBER.password);
  const opened = await signedInPage(browser, baseURL, { token, language, path: '/dashboard', screen });
  await expect(opened.page.getByTestId('user-chip')).toBeVisible({ timeout: 20_000 });
  return opened;
}

async function adminRequest(baseURL: string, method: string, path: string, body?: BodyInit | object) {
  const { token } = await signIn(baseURL, ADMIN.email, ADMIN.password);
  const json = body !== undefined && !(body instanceof FormData);
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as BodyInit | undefined),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

test('an uploaded logo appears in another member’s open header without a reload', async ({ browser, baseURL }) => {
  const { page, context } = await memberDashboard(browser, baseURL!, 'ru');
  try {
    await expect(page.getByTestId('header-logo-text')).toBeVisible();
    const form = new FormData();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><rect width="200" height="50" fill="#2b6cb0"/><!--${unique()}--></svg>`;
    form.append('file', new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
    const { logo_url: url } = await adminRequest(baseURL!, 'POST', '/upload-logo', form);

    // Live, through the branding subscription: the page is not reloaded.
    await expect(page.getByTestId('header-logo-image')).toHaveAttribute('src', url, { timeout: 15_000 });
    // The image itself loads (served with the SVG type).
    await expect
      .poll(() => page.getByTestId('header-logo-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await adminRequest(baseURL!, 'DELETE', '/logo');
    await context.close();
  }
});

test('a visitor’s open login page takes a new footer logo and favicon without a reload (desktop and phone)', async ({
  browser,
  baseURL,
}) => {
  const pages = await Promise.all(
    [VIEWPORTS.desktop, VIEWPORTS.phone].map(async (screen) => {
      const context = await browser.newContext({ baseURL, locale: 'ru-RU', ...screen });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByTestId('company-logo-text')).toBeVisible();
      return { page, context };
    }),
  );
  try {
    const logo = new FormData();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><rect width="200" height="50" fill="#2f855a"/><!--${unique()}--></svg>`;
    logo.append('file', new File([svg], 'bottom.svg', { type: 'image/svg+xml' }));
    const { bottom_logo_url: logoUrl } = await adminRequest(baseURL!, 'POST', '/upload-bottom-logo', logo);
    const icon = new FormData();
    // A 1×1 PNG (the favicon takes ICO, PNG, JPEG, GIF).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    icon.append('file', new File([png], 'icon.png', { type: 'image/png' }));
    const { favicon_url: iconUrl } = await adminRequest(baseURL!, 'POST', '/upload-favicon', icon);

    for (const { page } of pages) {
      // Live, through the public branding feed: the visitor has no session and the page is not reloaded.
      await expect(page.getByTestId('company-logo-image')).toHaveAttribute('src', logoUrl, { timeout: 15_000 });
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', iconUrl);
      await expectNoSideScroll(page);
    }

    await adminRequest(baseURL!, 'DELETE', '/delete-bottom-logo');
    await adminRequest(baseURL!, 'DELETE', '/favicon');
    for (const { page } of pages) {
      await expect(page.getByTestId('company-logo-text')).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('link[rel="icon"]')).not.toHaveAttribute('href', iconUrl);
    }
  } finally {
    await adminRequest(baseURL!, 'DELETE', '/delete-bottom-logo').catch(() => {});
    await adminRequest(baseURL!, 'DELETE', '/favicon').catch(() => {});
    await Promise.all(pages.map(({ context }) => context.close()));
  }
});

test('a wide logo gives way on a phone: the header stays within the screen, the menu button on it', async ({
  browser,
  baseURL,
}) => {
  const form = new FormData();
  // The recommended 200×50 px: 144 px wide at the header's height, too wide beside the chip on a phone.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" viewBox="0 0 200 50"><rect width="200" height="50" fill="#c53030"/><!--${unique()}--></svg>`;
  form.append('file', new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
  const { logo_url: url } = await adminRequest(baseURL!, 'POST', '/upload-logo', form);
  const { page, context } = await memberDashboard(browser, baseURL!, 'ru', VIEWPORTS.phone);
  try {
    await expect(page.getByTestId('header-logo-image')).toHaveAttribute('src', url);
    await expectNoSideScroll(page);
    // The menu button is on the screen, not pushed past its right edge (the header itself does not scroll).
    const toggle = (await page.getByTestId('mobile-menu-toggle').boundingBox())!;
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(390);
    await expect(page.getByTestId('user-chip')).toBeInViewport({ ratio: 1 });
  } finally {
    await adminRequest(baseURL!, 'DELETE', '/logo');
    await context.close();
  }
});

test('the admin’s chosen logo file shows its size in the language’s unit and decimal mark', async ({ browser, baseURL }) => {
  const { token } = await signIn(baseURL!, ADMIN.email, ADMIN.password);
  const sizes = { ru: '0,25 МБ', en: '0.25 MB', fr: '0,25 Mo' };
  for (const [language, size] of Object.entries(sizes)) {
    const { page, context } = await signedInPage(browser, baseURL!, { token, language, path: '/admin/branding' });
    // A quarter of a megabyte; the file is only chosen, not uploaded.
    const png = Buffer.alloc(262_144);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await page.getByTestId('branding-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('branding-logo-selected')).toHaveText(`logo.png (${size})`);
    await context.close();
  }
});

test('a text an admin overrode shows in a member’s interface', async ({ browser, baseURL }) => {
  // A line of the dashboard's welcome banner that no other spec reads (specs run in parallel, and an
  // override of a text they check, such as "log out", would change what they see meanwhile).
  const key = generateMessageId('Ваш профиль — ваша визитная карточка');
  const text = `Your profile, your card ${unique()}`;
  await adminRequest(baseURL!, 'PUT', `/translations/${encodeURIComponent(key)}`, { value_en: text });
  const { page, context } = await memberDashboard(browser, baseURL!, 'en');
  try {
    await expect(page.getByTestId('welcome-banner').getByText(text)).toBeVisible();
  } finally {
    await adminRequest(baseURL!, 'DELETE', `/translations/${encodeURIComponent(key)}`);
    await context.close();
  }
});
