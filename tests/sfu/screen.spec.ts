import { expect, test, type Page } from '@playwright/test';
import { noTourStorage } from '../e2e/playwright.config';
import { createRoom, enterRoomCall, openMeeting, useSmallestVideoPreset } from '../e2e/meeting';
import { registerMember, signIn } from '../support/members';
import { seatsURL } from './playwright.config';

/**
 * A shared screen through the SFU is a feed of its own: on the seats server (playwright.config.ts,
 * where the third arrival switches a room to the SFU) three join one room, the first shares their
 * screen, and the two others get a tile of it at the screen's own size beside the sharer's camera
 * tile, which stays (Chromium's fake screen is 1280x720; the cameras send 640x480 at most). When
 * the sharing stops, the tiles go.
 *
 * Not in the eight-person test (sfu.spec.ts): there, with eight browsers each decoding seven
 * videos on CI's two cores, a connection opened that late stayed at ICE "checking" through all
 * three tries of it (20, 40 and 80 s: sfuSession.ts `publishWait`), a limit of that machine, not of
 * the product.
 */
const screenTileOf = (page: Page, userId: number) => page.locator(`[data-testid="screen-tile"][data-user-id="${userId}"]`);

test('a shared screen reaches everyone through the SFU as a tile of its own, and goes when the sharing stops', async ({
  browser,
}) => {
  await useSmallestVideoPreset(seatsURL);
  const members = [];
  for (let i = 0; i < 3; i += 1) members.push(await registerMember(seatsURL, { first_name: `Экран${i + 1}` }));
  const name = `Screen ${Date.now().toString(36)}`;
  await createRoom(seatsURL, (await signIn(seatsURL, members[0]!.email, members[0]!.password)).token, name, 10);
  const people = [];
  for (const member of members) {
    people.push(await openMeeting(browser, seatsURL, member, '/video-calls', { storageState: noTourStorage(seatsURL) }));
  }
  for (const { page } of people) await enterRoomCall(page, name);
  for (const { page } of people) {
    await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-transport', 'sfu', { timeout: 60_000 });
  }

  const [sharer, ...others] = people as [(typeof people)[number], ...typeof people];
  await sharer.page.getByTestId('call-screen-share').click();
  for (const { page } of others) {
    const screen = screenTileOf(page, sharer.id).locator('video');
    await expect
      .poll(() => screen.evaluate((video: HTMLVideoElement) => video.videoWidth).catch(() => 0), { timeout: 60_000 })
      .toBeGreaterThan(640);
    await expect(page.locator(`[data-testid="video-tile"][data-user-id="${sharer.id}"]`)).toBeVisible();
  }
  await sharer.page.getByTestId('call-screen-share').click();
  for (const { page } of others) await expect(page.getByTestId('screen-tile')).toHaveCount(0, { timeout: 30_000 });
  for (const { context } of people) await context.close();
});
