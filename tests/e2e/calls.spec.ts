import { expect, test } from '@playwright/test';
import { createRoom, expectRemoteVideosPlaying, joinRoom, openMeeting, roomRow } from './meeting';

/**
 * Real calls between Chromium pages with fake camera and microphone (see the `calls` project in
 * playwright.config.ts): WebRTC over loopback, signalling through the server.
 */
const anna = { email: 'anna@linkup.ru', password: 'user123' };
const dmitry = { email: 'dmitry@linkup.ru', password: 'user123' };
const elena = { email: 'elena@linkup.ru', password: 'user123' };
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a group room: two see each other, a third joins, muting shows, leaving removes the tile', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const a = await openMeeting(browser, baseURL!, anna);
  const d = await openMeeting(browser, baseURL!, dmitry);
  const e = await openMeeting(browser, baseURL!, elena);
  const name = `E2E комната ${tag()}`;
  await createRoom(baseURL!, a.token, name);
  for (const { page } of [a, d, e]) {
    await page.getByRole('button', { name: 'Обновить' }).click();
    await expect(roomRow(page, name)).toBeVisible();
  }

  await joinRoom(a.page, name);
  await expect(a.page.getByTestId('video-tile-self')).toBeVisible();
  await expect(a.page.getByTestId('video-tile-self').getByTestId('tile-name')).toHaveText('Вы');
  await joinRoom(d.page, name);
  await expectRemoteVideosPlaying(a.page, 1);
  await expectRemoteVideosPlaying(d.page, 1);
  // The others are labelled by name.
  await expect(a.page.locator(`[data-testid="video-tile"][data-user-id="${d.id}"]`).getByTestId('tile-name')).toHaveText('Дмитрий Петров');

  await joinRoom(e.page, name);
  for (const { page } of [a, d, e]) {
    await expectRemoteVideosPlaying(page, 2);
    await expect(page.getByTestId('video-tile')).toHaveCount(2);
  }

  // Anna mutes: Dmitry and Elena see it on her tile.
  await a.page.getByTestId('call-mute').click();
  for (const { page } of [d, e]) {
    await expect(page.locator(`[data-testid="video-tile"][data-user-id="${a.id}"]`).getByTestId('tile-muted')).toBeVisible();
  }
  // The participants panel lists everyone, live.
  await d.page.getByTestId('call-participants').click();
  await expect(d.page.getByTestId('participant')).toHaveCount(3);

  // Elena leaves: her tile goes away for the others, and her camera stops.
  await e.page.getByTestId('call-leave').click();
  await expect(e.page.getByTestId('meeting-welcome')).toBeVisible();
  for (const { page } of [a, d]) {
    await expect(page.locator(`[data-testid="video-tile"][data-user-id="${e.id}"]`)).toHaveCount(0);
    await expect(page.getByTestId('video-tile')).toHaveCount(1);
  }
  await expect(d.page.getByTestId('participant')).toHaveCount(2);
  for (const context of [a.context, d.context, e.context]) await context.close();
});

test('a one-to-one video call from the contacts tab is accepted and connects', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await openMeeting(browser, baseURL!, { email: 'admin@linkup.ru', password: 'admin123' });
  // The callee is elsewhere in the app: a notice offers the call and opens the meeting area on it.
  const moderator = await openMeeting(browser, baseURL!, { email: 'moderator@linkup.ru', password: 'moder123' }, '/dashboard');

  await admin.page.getByTestId('tab-contacts').click();
  await admin.page.locator('[data-testid="contact"][data-username="moderator"]').getByTestId('contact-video-call').click();
  await expect(admin.page.getByTestId('outgoing-call')).toContainText('Мария Кузнецова');

  await expect(moderator.page.getByTestId('toast')).toContainText('Входящий видеозвонок: Александр Смирнов');
  await moderator.page.getByRole('button', { name: 'Ответить' }).click();
  await expect(moderator.page).toHaveURL(/\/video-calls$/);
  const incoming = moderator.page.getByTestId('incoming-call');
  await expect(incoming).toContainText('Входящий видеозвонок');
  await expect(incoming).toContainText('Александр Смирнов звонит вам');
  await moderator.page.getByTestId('accept-call').click();

  for (const { page } of [admin, moderator]) {
    await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call');
    await expectRemoteVideosPlaying(page, 1);
  }

  // Hanging up ends the call on both sides.
  await admin.page.getByTestId('call-leave').click();
  await expect(moderator.page.getByTestId('meeting-welcome')).toBeVisible();
  await expect(moderator.page.getByTestId('toast')).toContainText('Звонок завершён');
  for (const context of [admin.context, moderator.context]) await context.close();
});

test('a voice message recorded in one browser plays in the other', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const sergey = await openMeeting(browser, baseURL!, { email: 'sergey@linkup.ru', password: 'user123' });
  const ivan = await openMeeting(browser, baseURL!, { email: 'ivan@linkup.ru', password: 'user123' });
  const name = `Голосовые ${tag()}`;
  await createRoom(baseURL!, sergey.token, name);
  for (const { page } of [sergey, ivan]) {
    await page.getByRole('button', { name: 'Обновить' }).click();
    await joinRoom(page, name);
    await page.getByTestId('call-chat').click();
    await expect(page.getByTestId('chat-panel')).toBeVisible();
  }

  await sergey.page.getByTestId('voice-record').click();
  await expect(sergey.page.getByTestId('voice-timer')).toHaveText('0:02 / 5:00', { timeout: 10_000 });
  await sergey.page.getByTestId('voice-stop').click();
  await expect(sergey.page.getByTestId('voice-preview')).toBeVisible();
  await sergey.page.getByTestId('voice-send').click();
  await expect(sergey.page.getByTestId('voice-preview')).toHaveCount(0);

  const message = ivan.page.locator('[data-testid="chat-message"][data-type="VOICE"]');
  await expect(message).toHaveCount(1);
  await message.getByTestId('voice-play').click();
  await ivan.page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('[data-testid="chat-message"][data-type="VOICE"] audio');
    return !!audio && !audio.paused && audio.currentTime > 0.3;
  });
  // A text message travels too.
  await ivan.page.getByTestId('chat-input').fill('Слышу тебя!');
  await ivan.page.getByTestId('chat-send').click();
  await expect(sergey.page.locator('[data-testid="chat-message"][data-type="TEXT"]')).toContainText('Слышу тебя!');
  for (const context of [sergey.context, ivan.context]) await context.close();
});
