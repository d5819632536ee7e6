import { expect, test } from '@playwright/test';
import { registerAndLogin, signIn } from '../support/members';
import { VIEWPORTS } from './support';

// The demo administrator of the seeded database (prisma/seed.ts).
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };

// The ZoomVisor switch is one for the whole server, and other specs (calls, meetings) run beside
// this one: it is off only between the two clicks below, a few seconds, and switched back on in
// `finally` (through the API as well, should the page have failed).
test.describe.configure({ mode: 'serial' });

const setZoomvisor = (baseURL: string, token: string, enabled: boolean) =>
  fetch(`${baseURL}/modules/zoomvisor/toggle?enabled=${enabled}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
  });

test('switching ZoomVisor off hides the video-call link from a member and refuses their room creation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await registerAndLogin(baseURL!);
  const admin = await signIn(baseURL!, ADMIN.email, ADMIN.password);

  const adminContext = await browser.newContext({ ...VIEWPORTS.desktop, locale: 'ru-RU' });
  const memberContext = await browser.newContext({ ...VIEWPORTS.desktop, locale: 'ru-RU' });
  await adminContext.addInitScript((token) => localStorage.setItem('token', token), admin.token);
  await memberContext.addInitScript((token) => localStorage.setItem('token', token), member.token);
  const adminPage = await adminContext.newPage();
  const memberPage = await memberContext.newPage();
  const desktopLink = (testId: string) => memberPage.getByRole('navigation', { name: 'Основная навигация' }).getByTestId(testId);
  try {
    // Both pages ready before the switch, so that it stays off only briefly.
    await adminPage.goto('/admin/modules');
    // The tab's code and query load on opening: slow on a loaded machine.
    await expect(adminPage.getByTestId('zoomvisor-card')).toHaveAttribute('data-enabled', 'true', { timeout: 60_000 });
    await memberPage.goto('/dashboard');
    await expect(desktopLink('nav-video-calls')).toBeVisible({ timeout: 30_000 });

    await adminPage.getByTestId('zoomvisor-disable').click();
    await expect(adminPage.getByTestId('zoomvisor-card')).toHaveAttribute('data-enabled', 'false');
    // Also the admin's own header, from the same record, without a reload.
    await expect(adminPage.getByTestId('nav-video-calls')).toHaveCount(0);

    await memberPage.reload();
    await expect(desktopLink('nav-social')).toBeVisible();
    await expect(memberPage.getByTestId('nav-video-calls')).toHaveCount(0);
    const refused = await memberPage.evaluate(async () => {
      const response = await fetch('/api/zoomvisor/rooms', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ name: 'Запрещённая комната', type: 'group', max_participants: 4 }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused).toEqual({ status: 403, body: { detail: 'Видеозвонки (модуль ZoomVisor) отключены администратором' } });
    await memberPage.goto('/video-calls');
    await expect(memberPage.getByTestId('meetings-switched-off')).toContainText('Видеозвонки отключены');

    await adminPage.getByTestId('zoomvisor-enable').click();
    await expect(adminPage.getByTestId('zoomvisor-card')).toHaveAttribute('data-enabled', 'true');
    await memberPage.goto('/dashboard');
    await expect(desktopLink('nav-video-calls')).toBeVisible();
  } finally {
    expect((await setZoomvisor(baseURL!, admin.token, true)).status).toBe(200);
    await adminContext.close();
    await memberContext.close();
  }
});
