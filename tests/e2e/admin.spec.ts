import { expect, test } from '@playwright/test';
import { createAdmin, registerMember, signIn } from '../support/members';
import { makeZip, manifest } from '../support/zip';
import { baseURL } from './playwright.config';
import { expectNoSideScroll, logInToDashboard, unique, VIEWPORTS } from './support';

test('an admin sees the dashboard figures and deactivates a member, who is signed out at once', async ({ page, browser }) => {
  // Two signed-in browsers and four admin screens: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const member = await registerMember(baseURL, { first_name: 'Тимур', last_name: 'Отключаемый' });
  const memberContext = await browser.newContext({ locale: 'ru-RU' });
  const memberPage = await memberContext.newPage();
  await logInToDashboard(memberPage, member.email, member.password);

  const admin = await createAdmin(baseURL);
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-sidebar')).toBeVisible();
  await expect(page.getByTestId('stat-users-today-value')).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId('stat-users-today-value').textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('stat-posts-today-value')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('stat-modules-value')).toHaveText(/^\d+ из \d+$/);
  await expect(page.getByTestId('stat-storage-value')).toHaveText(/^\d+(\.\d{2})? (Bytes|KB|MB|GB)$/);

  await page.getByTestId('admin-tab-users').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByTestId('admin-users-search').fill(member.username);
  await page.getByTestId('admin-users-search').press('Enter');
  const row = page.locator(`[data-testid="admin-user-row"][data-username="${member.username}"]`);
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await row.getByTestId('admin-user-edit').click();
  await page.getByTestId('user-form-active').selectOption('blocked');
  await page.getByTestId('user-form-save').click();
  await expect(page.getByTestId('user-form')).toHaveCount(0);
  await expect(row.getByText('Заблокирован')).toBeVisible();

  // The member's open page is signed out at once: the server closes its socket (4401) and the app goes to /login.
  await expect(memberPage).toHaveURL(/\/login$/);
  await memberPage.goto('/dashboard');
  await expect(memberPage).toHaveURL(/\/login$/);

  // The audit log shows the change, by this admin, to this member (other specs write to it too).
  await page.getByTestId('admin-tab-audit').click();
  const change = page.getByTestId('audit-row').filter({ hasText: `user #${member.id}` });
  await expect(change.first()).toContainText('user.update');
  await expect(change.first()).toContainText(`@${admin.username}`);
  await memberContext.close();
});

test('a role an admin changes reaches the member’s open page at once: badge, links, pages (member on a phone)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = await registerMember(baseURL, { first_name: 'Марк', last_name: 'Понижаемый' });
  const admin = await createAdmin(baseURL);
  const { token: adminToken } = await signIn(baseURL, admin.email, admin.password);
  const setRole = async (role: string) => {
    const response = await fetch(`${baseURL}/users/${member.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role }),
    });
    expect(response.status).toBe(200);
  };
  await setRole('moderator');

  const memberContext = await browser.newContext({ locale: 'ru-RU', ...VIEWPORTS.phone });
  const memberPage = await memberContext.newPage();
  await logInToDashboard(memberPage, member.email, member.password);
  await memberPage.goto('/users');
  await expect(memberPage.getByTestId('users-total')).toBeVisible();
  const badge = memberPage.getByTestId('user-chip').getByTestId('role-badge');
  await expect(badge).toHaveAttribute('data-role', 'MODERATOR');

  // The admin makes them a plain member in the admin panel.
  await logInToDashboard(page, admin.email, admin.password);
  await page.goto('/admin/users');
  await page.getByTestId('admin-users-search').fill(member.username);
  await page.getByTestId('admin-users-search').press('Enter');
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
  await page.getByTestId('admin-user-row').getByTestId('admin-user-edit').click();
  await page.getByTestId('user-form-role').selectOption('USER');
  await page.getByTestId('user-form-save').click();
  await expect(page.getByTestId('user-form')).toHaveCount(0);

  // Without a reload and well within the 30 s the stored user used to be trusted for.
  await expect(memberPage).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
  await expect(badge).toHaveAttribute('data-role', 'USER', { timeout: 5_000 });
  await memberPage.getByTestId('mobile-menu-toggle').click();
  await expect(memberPage.getByTestId('nav-dashboard').last()).toBeVisible();
  await expect(memberPage.getByTestId('nav-users')).toHaveCount(0);
  await expectNoSideScroll(memberPage);

  // Promoted again: the link comes back, and the page opens.
  await setRole('moderator');
  await expect(badge).toHaveAttribute('data-role', 'MODERATOR', { timeout: 5_000 });
  await expect(memberPage.getByTestId('nav-users').last()).toBeVisible();
  await memberPage.getByTestId('nav-users').last().click();
  await expect(memberPage.getByTestId('users-total')).toBeVisible();
  await memberContext.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the admin sidebar becomes a drawer', async ({ page }) => {
    const admin = await createAdmin(baseURL);
    await logInToDashboard(page, admin.email, admin.password);
    await page.goto('/admin');
    await expect(page.getByTestId('admin-dashboard')).toBeVisible();
    await expect(page.getByTestId('admin-sidebar')).toBeHidden();
    await page.getByTestId('admin-menu-button').click();
    const drawer = page.getByTestId('admin-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('admin-tab-audit').click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('admin-audit')).toBeVisible();
    // Nothing sticks out sideways at 390 px.
    await expectNoSideScroll(page);
  });
});

test('a module’s texts are in the translations tab, marked with its name; an override survives a reload and is served (desktop and phone)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await createAdmin(baseURL);
  const { token } = await signIn(baseURL, admin.email, admin.password);
  const call = async (method: string, path: string, body?: BodyInit) => {
    const response = await fetch(`${baseURL}${path}`, { method, body, headers: { authorization: `Bearer ${token}` } });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as any;
  };
  const name = `Опросы ${unique()}`;
  const key = `polls.${unique()}.count`;
  const form = new FormData();
  const zip = makeZip([
    { name: 'module.json', data: manifest({ name, translations: 'i18n.json' }) },
    { name: 'i18n.json', data: JSON.stringify({ [key]: { ru: '{count} голосов', en: '{count} votes' } }) },
  ]);
  form.append('file', new File([new Uint8Array(zip)], 'polls.zip', { type: 'application/zip' }));
  const { module } = await call('POST', '/modules/upload', form);
  await call('PUT', `/modules/${module.id}/toggle`);
  const served = async () => {
    const response = await fetch(`${baseURL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ translationOverrides(language: EN) { key compiled } }' }),
    });
    const { data } = (await response.json()) as { data: { translationOverrides: { key: string; compiled: string }[] } };
    return data.translationOverrides.find((text) => text.key === key)?.compiled;
  };

  try {
    for (const [screen, options] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ ...options, locale: 'ru-RU' });
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
      const page = await context.newPage();
      const row = page.locator(`[data-testid="translation-row"][data-key="${key}"]`);
      const find = async () => {
        await page.getByTestId('translation-search').fill(name);
        await page.getByTestId('translation-search').press('Enter');
        await expect(page.getByTestId('translation-row')).toHaveCount(1, { timeout: 30_000 });
      };
      await page.goto('/admin/translations');
      await find();
      await expect(row.getByTestId('translation-module')).toHaveText(`Модуль «${name}»`);
      // The phone comes second: the desktop's override is what it shows.
      await expect(row.getByTestId('translation-en')).toHaveValue(screen === 'desktop' ? '{count} votes' : 'Ballots: {count}');
      // No French in the package: the English text, as the client's catalogs fall back.
      await expect(row.getByTestId('translation-fr')).toHaveValue('{count} votes');
      await expectNoSideScroll(page);

      if (screen === 'desktop') {
        // The original's placeholder is required, with the server's translated text.
        await row.getByTestId('translation-en').fill('{n} votes');
        await row.getByTestId('translation-save').click();
        await expect(page.getByText('Текст может содержать только подстановки исходного текста: {count}')).toBeVisible();
        await row.getByTestId('translation-en').fill('Ballots: {count}');
        await row.getByTestId('translation-save').click();
        await expect(row.getByTestId('translation-overridden')).toBeVisible();
        await page.reload();
        await find();
        await expect(row.getByTestId('translation-en')).toHaveValue('Ballots: {count}');
        expect(await served()).toBe(JSON.stringify(['Ballots: ', ['count']]));
      } else {
        await expect(row.getByTestId('translation-overridden')).toBeVisible();
        await row.getByTestId('translation-reset').click();
        await expect(row.getByTestId('translation-en')).toHaveValue('{count} votes');
        await expect(row.getByTestId('translation-overridden')).toHaveCount(0);
        expect(await served()).toBe(JSON.stringify([['count'], ' votes']));
      }
      await context.close();
    }
  } finally {
    await fetch(`${baseURL}/translations/${encodeURIComponent(key)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    await call('PUT', `/modules/${module.id}/toggle`);
  }
});
