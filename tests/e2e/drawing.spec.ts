import { expect, test, type Page } from '@playwright/test';
import { baseURL, callChromiumArgs, chromiumLaunchOptions } from './playwright.config';
import { enterRoomCall, expectRemoteVideosPlaying, hostAndGuest, openActivities } from './meeting';
import { expectNoSideScroll, unique, VIEWPORTS } from './support';

/**
 * Issue 18 point 3: the drawing activity's shared board. A stroke drawn in one browser appears in
 * the other, and both still see it after reloading (the board is stored on the server).
 */
test.use({ launchOptions: chromiumLaunchOptions(callChromiumArgs) });

/** Opens the running drawing activity's board. */
async function openBoard(page: Page) {
  await openActivities(page);
  await page.getByTestId('drawing-open').click();
  const board = page.getByTestId('drawing-board');
  await expect(board).toBeVisible();
  return board;
}

/** Drags the pointer across the board, from and to points given as fractions of its size. */
async function drawStroke(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('drawing-board').boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 12 });
  await page.mouse.up();
}

// One browser at each size: the host draws on a desktop, the guest on a phone.
test('a stroke drawn by one appears for the other and stays after both reload (a desktop and a phone)', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = unique();
  const roomName = `Доска ${tag}`;
  const { host, guest } = await hostAndGuest(browser, baseURL, {
    firstNames: ['Художница', 'Гость'],
    lastName: `Доска${tag}`,
    roomName,
    sizes: [VIEWPORTS.desktop, VIEWPORTS.phone],
  });
  for (const { page } of [host, guest]) await enterRoomCall(page, roomName);
  // The host turns the microphone off: their reload below brings it back off.
  await host.page.getByTestId('call-mute').click();
  await expect(guest.page.locator(`[data-testid="video-tile"][data-user-id="${host.id}"]`)).toHaveAttribute('data-muted', 'true');

  await openActivities(host.page);
  await host.page.getByTestId('activity-launch-drawing').click();
  await expect(host.page.getByTestId('activity-running-name')).toHaveText('Совместное рисование');
  await openActivities(guest.page);
  await guest.page.getByTestId('activity-join').click();
  await expect(host.page.getByTestId('activity-players')).toHaveText(`Художница Доска${tag}, Гость Доска${tag}`);

  const hostBoard = await openBoard(host.page);
  const guestBoard = await openBoard(guest.page);
  await drawStroke(host.page, [0.2, 0.3], [0.7, 0.6]);
  await expect(hostBoard).toHaveAttribute('data-strokes', '1');
  await expect(guestBoard).toHaveAttribute('data-strokes', '1');
  await drawStroke(guest.page, [0.1, 0.8], [0.5, 0.2]);
  await expect(hostBoard).toHaveAttribute('data-strokes', '2');

  await expectNoSideScroll(guest.page);

  // Both reload: the other sees at once that their page went away (the tile marked reconnecting, no
  // frozen frame); the reloaded page enters the room again by itself (no click: the server still kept
  // the member's place), the other sees them back, and the board is as they left it.
  for (const [{ page, id }, other, muted] of [
    [host, guest, 'true'],
    [guest, host, 'false'],
  ] as const) {
    const tileSeenByOther = other.page.locator(`[data-testid="video-tile"][data-user-id="${id}"]`);
    await page.reload({ waitUntil: 'commit' });
    await expect(tileSeenByOther).toHaveAttribute('data-away', 'true', { timeout: 5_000 });
    await expect(tileSeenByOther.getByTestId('tile-away')).toHaveText('Переподключается…');
    await expect(tileSeenByOther.getByTestId('remote-video')).toBeHidden();
    await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call', { timeout: 30_000 });
    await expect(page.getByTestId('call-mute')).toHaveAttribute('aria-pressed', muted);
    await expect(tileSeenByOther).not.toHaveAttribute('data-away', 'true');
    await expect(tileSeenByOther).toHaveAttribute('data-muted', muted);
    await expectRemoteVideosPlaying(other.page, 1);
    await expect(await openBoard(page)).toHaveAttribute('data-strokes', '2');
  }
  await Promise.all([host.context.close(), guest.context.close()]);
});
