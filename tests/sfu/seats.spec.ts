import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { callChromiumArgsAt, chromiumLaunchOptions, noTourStorage } from '../e2e/playwright.config';
import {
  createRoom,
  enterRoomCall,
  mediaBytesSent,
  openMeeting,
  TRACK_PEER_CONNECTIONS,
  useSmallestVideoPreset,
} from '../e2e/meeting';
import { registerMember, signIn } from '../support/members';
import { seatsURL } from './playwright.config';

/**
 * Video seats through the SFU, in real browsers: on the seats server (playwright.config.ts) two
 * make a mesh and two may send video. Four join one room: the third switches it to the SFU, and
 * with nobody speaking (Chromium's fake microphone beeps too briefly to count as talking) the
 * first two to arrive hold the seats. The other two stop sending video (their encoders stop, not
 * just their tiles) and everyone sees their avatar; when a seated one leaves, the next to have
 * arrived takes the seat and its video comes back. Last, someone who talks arrives and takes a
 * seat at once (Janus's talking events, from a browser of its own with a voice-like microphone).
 */
type Person = Awaited<ReturnType<typeof openMeeting>>;
/** As the suite's contexts have it for the first server (suiteBrowsers): no welcome tour. */
const noTour = noTourStorage(seatsURL);

/**
 * Eight seconds (looped by Chromium) of a voice-like sound: a 140 Hz tone with two harmonics,
 * swelling 3.5 times a second like syllables. Through the call's noise suppression it stays loud
 * enough, long enough, for Janus to call it talking (the fake microphone's beep is too brief).
 */
function voiceLikeWav() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-voice-')), 'voice.wav');
  const wave = '(0.5*sin(2*PI*140*t)+0.3*sin(2*PI*280*t)+0.2*sin(2*PI*420*t))*(0.55+0.45*sin(2*PI*3.5*t))';
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${wave}':s=48000:d=8`,
    '-ac',
    '1',
    file,
  ]);
  return file;
}

const tileOf = (page: Page, userId: number) => page.locator(`[data-testid="video-tile"][data-user-id="${userId}"]`);

/** Bytes of video the page sends over 3 s (its connections' total, so one still sending shows). */
async function videoBytesSentIn3s(page: Page) {
  const before = await mediaBytesSent(page, 'video');
  await page.waitForTimeout(3_000);
  return (await mediaBytesSent(page, 'video')) - before;
}

async function expectPlaying(page: Page, userId: number) {
  const video = tileOf(page, userId).getByTestId('remote-video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth > 0 && element.currentTime), { timeout: 60_000 })
    .toBeTruthy();
  const at = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(at);
}

test('past two video seats, the later arrivals send audio only and show their avatar; a freed seat goes to the next; a talker takes one', async ({
  browser,
}) => {
  await useSmallestVideoPreset(seatsURL);
  expect((await (await fetch(`${seatsURL}/health`)).json()).sfu).toBe('up');

  const members = [];
  for (let i = 0; i < 4; i += 1) members.push(await registerMember(seatsURL, { first_name: `Место${i + 1}` }));
  const name = `Seats ${Date.now().toString(36)}`;
  await createRoom(seatsURL, (await signIn(seatsURL, members[0]!.email, members[0]!.password)).token, name, 10);
  const people: Person[] = [];
  for (const member of members) {
    const person = await openMeeting(browser, seatsURL, member, '/video-calls', { storageState: noTour });
    await person.context.addInitScript(TRACK_PEER_CONNECTIONS);
    await person.page.reload();
    people.push(person);
  }
  for (const { page } of people) await enterRoomCall(page, name);
  const [first, second, third, fourth] = people as [Person, Person, Person, Person];
  for (const { page } of people) {
    await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-transport', 'sfu', { timeout: 60_000 });
  }

  // The first two hold the seats: everyone sees their video; the other two are avatars everywhere,
  // their own tile says so, and their browsers send no video at all.
  for (const { page, id } of people) {
    for (const seated of [first, second]) if (seated.id !== id) await expectPlaying(page, seated.id);
    for (const unseated of [third, fourth]) {
      const tile = unseated.id === id ? page.getByTestId('video-tile-self') : tileOf(page, unseated.id);
      await expect(tile).toHaveAttribute('data-video-paused', 'true');
      if (unseated.id !== id) await expect(tile.getByTestId('tile-video-paused')).toBeVisible();
    }
  }
  expect(await videoBytesSentIn3s(third.page)).toBe(0);
  expect(await videoBytesSentIn3s(fourth.page)).toBe(0);
  expect(await videoBytesSentIn3s(second.page)).toBeGreaterThan(10_000);

  // The first leaves: the third (next by arrival) takes the seat and sends video again; the fourth stays an avatar.
  await first.page.getByTestId('call-leave').click();
  for (const { page, id } of [second, third, fourth]) {
    if (id !== third.id) {
      await expect(tileOf(page, third.id)).not.toHaveAttribute('data-video-paused', 'true', { timeout: 30_000 });
      await expectPlaying(page, third.id);
    }
    if (id !== fourth.id) await expect(tileOf(page, fourth.id)).toHaveAttribute('data-video-paused', 'true');
    await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-transport', 'sfu');
  }
  await expect.poll(() => videoBytesSentIn3s(third.page)).toBeGreaterThan(10_000);
  expect(await videoBytesSentIn3s(fourth.page)).toBe(0);

  // Someone who talks (a browser whose microphone plays a voice-like sound) arrives last and takes a
  // seat at once: Janus's talking event makes them the most recent speaker, and the seat they take is
  // the one of the last to arrive among those who never spoke (the third, who stops sending video).
  const talkerBrowser = await chromium.launch(
    chromiumLaunchOptions([...callChromiumArgsAt(10), `--use-file-for-fake-audio-capture=${voiceLikeWav()}`]),
  );
  const talker = await openMeeting(
    talkerBrowser,
    seatsURL,
    await registerMember(seatsURL, { first_name: 'Говорящий' }),
    '/video-calls',
    {
      storageState: noTour,
    },
  );
  await talker.context.addInitScript(TRACK_PEER_CONNECTIONS);
  await talker.page.reload();
  await enterRoomCall(talker.page, name);
  for (const { page } of [second, third, fourth]) {
    await expect(tileOf(page, talker.id)).not.toHaveAttribute('data-video-paused', 'true', { timeout: 30_000 });
    await expectPlaying(page, talker.id);
  }
  await expect(tileOf(second.page, third.id)).toHaveAttribute('data-video-paused', 'true');
  await expect.poll(() => videoBytesSentIn3s(third.page)).toBe(0);
  expect(await videoBytesSentIn3s(talker.page)).toBeGreaterThan(10_000);
  for (const { context } of people) await context.close();
  await talkerBrowser.close();
});
