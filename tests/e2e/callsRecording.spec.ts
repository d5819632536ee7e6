import { expect, test } from '@playwright/test';
import { registerAndLogin, signIn } from '../support/members';
import { createRoom, joinRoom, openMeeting, roomRow } from './meeting';
import { VIEWPORTS } from './support';

/**
 * A member on the basic plan records a room for ten seconds: the other person in it sees the badge
 * and is told; the recording is listed in the recordings tab and plays.
 */
const ADMIN = { email: 'admin@linkup.ru', password: 'admin123' };
const anna = { email: 'anna@linkup.ru', password: 'user123' };

/** A new member whose basic plan (recording included) an admin has activated, through the API. */
async function memberOnBasicPlan(baseURL: string) {
  const { member, token } = await registerAndLogin(baseURL);
  const json = (method: string, path: string, body: unknown, bearer: string) =>
    fetch(`${baseURL}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
    });
  const requested = await json(
    'POST',
    '/api/zoomvisor/subscribe/basic',
    { plan_id: 'basic', payment_method: 'transfer', user_info: { firstName: member.first_name, email: member.email } },
    token,
  );
  expect(requested.ok).toBe(true);
  const { subscription } = await requested.json();
  const admin = await signIn(baseURL, ADMIN.email, ADMIN.password);
  const activated = await json('PATCH', `/api/admin/subscriptions/${subscription.id}`, { status: 'active' }, admin.token);
  expect(activated.status).toBe(200);
  return { email: member.email, password: member.password, token, name: `${member.first_name} ${member.last_name}` };
}

test.use(VIEWPORTS.desktop);

test('a 10-second recording: the room sees the badge, the recording is listed and plays', async ({ browser, baseURL }) => {
  // Two signed-in browsers with fake cameras on two cores, and ten seconds of recording.
  test.setTimeout(240_000);
  const recorder = await memberOnBasicPlan(baseURL!);
  const name = `Запись ${Date.now().toString(36)}`;
  await createRoom(baseURL!, recorder.token, name);
  const r = await openMeeting(browser, baseURL!, recorder);
  const a = await openMeeting(browser, baseURL!, anna);
  for (const { page } of [r, a]) {
    await page.getByRole('button', { name: 'Обновить' }).click();
    await expect(roomRow(page, name)).toBeVisible();
    await joinRoom(page, name);
  }
  await expect(r.page.getByTestId('video-tile')).toHaveCount(1, { timeout: 30_000 });

  await r.page.getByTestId('call-record').click();
  // Anna is told (a notice) and sees the badge.
  await expect(a.page.getByText(`${recorder.name} начинает запись встречи`)).toBeVisible();
  for (const { page } of [r, a]) await expect(page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'true');
  // Anna cannot start a second recording of the room.
  await expect(a.page.getByTestId('call-record')).toBeDisabled();

  await r.page.waitForTimeout(10_000);
  await r.page.getByTestId('call-record').click();
  await expect(r.page.getByText('Запись сохранена на вкладке «Записи»')).toBeVisible({ timeout: 30_000 });
  await expect(a.page.getByTestId('recording-badge')).toHaveAttribute('data-recording', 'false');

  await r.page.getByTestId('tab-recordings').click();
  const item = r.page.getByTestId('recording-item').first();
  await expect(item.getByTestId('recording-title')).toHaveText(name);
  await item.getByTestId('recording-play').click();
  const player = item.getByTestId('recording-player');
  const state = () =>
    player.evaluate((video: HTMLVideoElement) => ({
      duration: video.duration,
      time: video.currentTime,
      width: video.videoWidth,
    }));
  await expect.poll(async () => (await state()).duration, { timeout: 15_000 }).toBeGreaterThan(8);
  expect((await state()).duration).toBeLessThan(20);
  const before = (await state()).time;
  await expect.poll(async () => (await state()).time).toBeGreaterThan(before);
  expect((await state()).width).toBeGreaterThan(0);

  await r.context.close();
  await a.context.close();
});
