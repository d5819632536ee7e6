import { expect, test } from '@playwright/test';
import {
  createRoom,
  expectOnlyRemoteTile,
  expectRemoteVideosPlaying,
  joinRoom,
  openMeeting,
  roomRow,
  showSidePanel,
} from './meeting';
import { VIEWPORTS } from './support';

/**
 * Real calls between Chromium pages with fake camera and microphone (see the `calls` project in
 * playwright.config.ts): WebRTC over loopback, signalling through the server.
 */
const anna = { email: 'anna@linkup.ru', password: 'user123' };
const dmitry = { email: 'dmitry@linkup.ru', password: 'user123' };
const elena = { email: 'elena@linkup.ru', password: 'user123' };
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a group room: two see each other, a third joins, muting shows, leaving removes the tile', async ({ browser, baseURL }) => {
  // Three signed-in browsers with fake cameras on two cores: their setup alone can take 40 s.
  test.setTimeout(180_000);
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
  await expect(a.page.locator(`[data-testid="video-tile"][data-user-id="${d.id}"]`).getByTestId('tile-name')).toHaveText(
    'Дмитрий Петров',
  );

  await joinRoom(e.page, name);
  for (const { page } of [a, d, e]) {
    // Six streams decoded on two cores: the third browser's first frames can take a while.
    await expectRemoteVideosPlaying(page, 2, 45_000);
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

for (const [size, options] of Object.entries(VIEWPORTS)) {
  test(`a one-to-one video call from the contacts tab is accepted and connects (${size})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const admin = await openMeeting(
      browser,
      baseURL!,
      { email: 'admin@linkup.ru', password: 'admin123' },
      '/video-calls',
      options,
    );
    // The callee is elsewhere in the app: a notice offers the call and opens the meeting area on it.
    const moderator = await openMeeting(
      browser,
      baseURL!,
      { email: 'moderator@linkup.ru', password: 'moder123' },
      '/dashboard',
      options,
    );

    // The callee's client must never signal someone who is not in the room (itself).
    const problems: string[] = [];
    moderator.page.on('console', (message) => {
      if (message.text().includes('Этого участника нет в комнате')) problems.push(message.text());
    });

    await showSidePanel(admin.page);
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
    // Each side sees one other person, the right one, playing: no tile of themself "connecting".
    await expectOnlyRemoteTile(admin.page, moderator.id);
    await expectOnlyRemoteTile(moderator.page, admin.id);
    for (const { page } of [admin, moderator]) {
      await expect(page.getByTestId('video-tile').getByText('Подключение…')).toHaveCount(0);
    }
    expect(problems).toEqual([]);

    // Hanging up ends the call on both sides.
    await admin.page.getByTestId('call-leave').click();
    await expect(moderator.page.getByTestId('meeting-welcome')).toBeVisible();
    await expect(moderator.page.getByTestId('toast')).toContainText('Звонок завершён');
    for (const context of [admin.context, moderator.context]) await context.close();
  });
}

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

for (const [size, options] of Object.entries(VIEWPORTS)) {
  test(`room counts are live for someone watching the list (${size})`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const watcher = await openMeeting(browser, baseURL!, elena, '/video-calls', options);
    const guest = await openMeeting(browser, baseURL!, dmitry, '/video-calls', options);
    const name = `Счётчик ${tag()}`;
    await createRoom(baseURL!, guest.token, name, 5);
    for (const { page } of [watcher, guest]) {
      await showSidePanel(page);
      await page.getByTestId('tab-rooms').click();
      await page.getByRole('button', { name: 'Обновить' }).click();
    }
    const occupancy = roomRow(watcher.page, name).getByTestId('room-occupancy');
    await expect(occupancy).toHaveText('0/5');

    // No reload and no "refresh" from the watcher: the count follows the other browser.
    await joinRoom(guest.page, name);
    await expect(guest.page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call');
    await expect(occupancy).toHaveText('1/5');
    await guest.page.getByTestId('call-leave').click();
    await expect(guest.page.getByTestId('meeting-welcome')).toBeVisible();
    await expect(occupancy).toHaveText('0/5');
    for (const context of [watcher.context, guest.context]) await context.close();
  });
}

test('a one-to-one call ends for the other side when one side reloads its page mid-call', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await openMeeting(browser, baseURL!, { email: 'admin@linkup.ru', password: 'admin123' });
  const moderator = await openMeeting(browser, baseURL!, { email: 'moderator@linkup.ru', password: 'moder123' });
  await showSidePanel(admin.page);
  await admin.page.getByTestId('tab-contacts').click();
  await admin.page.locator('[data-testid="contact"][data-username="moderator"]').getByTestId('contact-video-call').click();
  await moderator.page.getByTestId('accept-call').click();
  for (const { page } of [admin, moderator]) await expectRemoteVideosPlaying(page, 1);

  // A reload unmounts nothing, and comes back before the server's presence grace ends: the page
  // leaves the call as it goes (before, the other side kept a "connecting…" tile and never saw it end).
  await moderator.page.reload();
  await expect(moderator.page.getByTestId('meeting-welcome')).toBeVisible();
  await expect(admin.page.getByTestId('meeting-welcome')).toBeVisible({ timeout: 10_000 });
  await expect(admin.page.getByTestId('toast')).toContainText('Звонок завершён');
  for (const context of [admin.context, moderator.context]) await context.close();
});
