import { expect, test, type Locator } from '@playwright/test';
import { createRoom, expectRemoteVideosPlaying, openMeeting, roomRow } from './meeting';
import { expectNoSideScroll, VIEWPORTS } from './support';

/**
 * The meeting area on a phone (390x844, touch) and on a desktop (1280x800): the side panel, the
 * stage, the bottom bar and the chat (the `calls` project: fake camera and microphone).
 */
const anna = { email: 'anna@linkup.ru', password: 'user123' };
const dmitry = { email: 'dmitry@linkup.ru', password: 'user123' };
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Visible, inside the viewport, and a (trial) click would land on it. */
async function expectReachable(control: Locator) {
  await expect(control).toBeVisible();
  await expect(control).toBeInViewport();
  await control.click({ trial: true });
}

const BOTTOM_BAR = ['call-mute', 'call-camera', 'call-chat', 'call-participants', 'call-screen-share', 'call-leave'];
/** A phone cannot share its screen (even an emulated one, whose Chromium has getDisplayMedia): not offered. */
const PHONE_BOTTOM_BAR = BOTTOM_BAR.filter((id) => id !== 'call-screen-share');
const TABS = ['contacts', 'calendar', 'activities', 'rooms', 'recordings', 'files'];

test('on a phone the panel is a drawer, the stage and the bottom bar fit the screen, and the chat is a full-screen sheet', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const a = await openMeeting(browser, baseURL!, anna, '/video-calls', VIEWPORTS.phone);
  const page = a.page;
  const name = `E2E телефон ${tag()}`;
  await createRoom(baseURL!, a.token, name);

  // Closed by default: the welcome has the whole screen; the header's controls are reachable.
  await expect(page.getByTestId('side-panel')).toBeHidden();
  await expect(page.getByTestId('meeting-welcome')).toBeInViewport();
  for (const id of ['meeting-menu', 'quality-select', 'meeting-exit']) await expectReachable(page.getByTestId(id));
  await expectNoSideScroll(page);

  // The drawer: every tab reachable; it closes by its own button too.
  await page.getByTestId('meeting-menu').click();
  await expect(page.getByTestId('side-panel')).toBeInViewport();
  for (const tab of TABS) await expectReachable(page.getByTestId(`tab-${tab}`));
  await page.getByTestId('side-panel-toggle').click();
  await expect(page.getByTestId('side-panel')).toBeHidden();

  // Choosing a room closes the drawer.
  await page.getByTestId('meeting-menu').click();
  await page.getByTestId('tab-rooms').click();
  await page.getByRole('button', { name: 'Обновить' }).click();
  const join = roomRow(page, name).getByTestId('join-room');
  // The room list scrolls inside the drawer: other specs' rooms may come first.
  await join.scrollIntoViewIfNeeded();
  await expectReachable(join);
  await join.click();
  await expect(page.getByTestId('side-panel')).toBeHidden();
  await expect(page.getByTestId('video-tile-self')).toBeInViewport();

  // A second person: two tiles, side by side or one above the other, inside the screen.
  const d = await openMeeting(browser, baseURL!, dmitry);
  await d.page.getByTestId('tab-rooms').click();
  await d.page.getByRole('button', { name: 'Обновить' }).click();
  await roomRow(d.page, name).getByTestId('join-room').click();
  await expectRemoteVideosPlaying(page, 1);
  await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call');
  const tiles = page.locator('[data-testid="video-tile-self"], [data-testid="video-tile"]');
  await expect(tiles).toHaveCount(2);
  const boxes = await Promise.all((await tiles.all()).map((tile) => tile.boundingBox()));
  for (const box of boxes) {
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(new Set(boxes.map((box) => Math.round(box!.x))).size).toBeLessThanOrEqual(2);

  // The bottom bar: every control on the screen, and no screen sharing, which a phone cannot do.
  for (const id of PHONE_BOTTOM_BAR) await expectReachable(page.getByTestId(id));
  expect(await page.evaluate(() => typeof navigator.mediaDevices.getDisplayMedia)).toBe('function');
  await expect(page.getByTestId('call-screen-share')).toHaveCount(0);
  await expectNoSideScroll(page);

  // The chat is a full-screen sheet with its controls; closing it brings the bar back.
  await page.getByTestId('call-chat').click();
  const chat = page.getByTestId('chat-panel');
  await expect(chat).toBeInViewport();
  const sheet = (await chat.boundingBox())!;
  expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await page.getByTestId('chat-input').fill('Привет с телефона');
  for (const id of ['chat-input', 'chat-send', 'chat-share-contact']) await expectReachable(page.getByTestId(id));
  await page.getByTestId('chat-send').click();
  await expect(chat.getByText('Привет с телефона')).toBeInViewport();
  await expectReachable(page.getByTestId('voice-record'));
  await expectReachable(chat.getByRole('button', { name: 'Закрыть чат' }));
  await chat.getByRole('button', { name: 'Закрыть чат' }).click();
  await expect(chat).toHaveCount(0);

  // The participants panel too.
  await page.getByTestId('call-participants').click();
  const participants = page.getByTestId('participants-panel');
  await expect(participants).toBeInViewport();
  await expect(participants.getByTestId('participant')).toHaveCount(2);
  await expectReachable(participants.getByRole('button', { name: 'Закрыть' }));
  await participants.getByRole('button', { name: 'Закрыть' }).click();

  for (const id of PHONE_BOTTOM_BAR) await expectReachable(page.getByTestId(id));
  await page.getByTestId('call-leave').click();
  await expect(page.getByTestId('meeting-welcome')).toBeInViewport();
  for (const context of [a.context, d.context]) await context.close();
});

test('on a desktop the panel stays open beside the stage and the chat is a side panel', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const a = await openMeeting(browser, baseURL!, anna, '/video-calls', { viewport: { width: 1280, height: 800 } });
  const page = a.page;
  const name = `E2E стол ${tag()}`;
  await createRoom(baseURL!, a.token, name);

  await expect(page.getByTestId('side-panel')).toBeInViewport();
  await expect(page.getByTestId('meeting-menu')).toBeHidden();
  for (const tab of TABS) await expectReachable(page.getByTestId(`tab-${tab}`));
  await page.getByTestId('tab-rooms').click();
  await page.getByRole('button', { name: 'Обновить' }).click();
  await roomRow(page, name).getByTestId('join-room').click();
  // Joining keeps the panel open beside the stage.
  await expect(page.getByTestId('video-tile-self')).toBeInViewport();
  await expect(page.getByTestId('side-panel')).toBeInViewport();
  await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call');
  for (const id of BOTTOM_BAR) await expectReachable(page.getByTestId(id));

  await page.getByTestId('call-chat').click();
  const chat = (await page.getByTestId('chat-panel').boundingBox())!;
  const stage = (await page.getByTestId('meeting-stage').boundingBox())!;
  expect(chat.width).toBeLessThan(400);
  expect(chat.x).toBeGreaterThanOrEqual(stage.x + stage.width - 1);
  for (const id of BOTTOM_BAR) await expectReachable(page.getByTestId(id));
  await page.getByTestId('call-leave').click();
  await a.context.close();
});
