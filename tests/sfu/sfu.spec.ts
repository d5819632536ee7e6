import { expect, test, type Page } from '@playwright/test';
import {
  connectionSummaries,
  createRoom,
  enterRoomCall,
  expectRemoteVideosPlaying,
  inboundVideoStats,
  openMeeting,
  selectedCandidateTypes,
  TRACK_PEER_CONNECTIONS,
  UNPROCESSED_MICROPHONES,
  useSmallestVideoPreset,
} from '../e2e/meeting';
import { startCoturn, testCoturnLines, type Coturn } from '../support/coturn';
import { registerMember, signIn } from '../support/members';
import { VIEWPORTS } from '../e2e/support';
import { JANUS_ADDRESS } from './netns';
import { MESH_MAX, SFU_PARTICIPANTS, TURN_PORT, TURN_SECRET } from './playwright.config';

/**
 * Past the mesh size, a room's call goes through Janus: SFU_PARTICIPANTS browsers with fake cameras
 * join one room (the one past MESH_MAX switches it to the SFU), each sees all the others; all but
 * MESH_MAX leave and the room returns to mesh (at or under its size). The first of them may only
 * use TURN relays (its browser's relay-only switch), so both its mesh and SFU connections go
 * through coturn; the last of those who stay is on a phone. A shared screen through the SFU is
 * screen.spec.ts's, with three browsers. Runs inside the SFU network namespace (playwright.config.ts
 * here).
 */
const OTHERS = SFU_PARTICIPANTS - 1;
const STAYING = MESH_MAX;
const PHONE = STAYING - 1;
let coturn: Coturn;
test.beforeAll(async () => {
  coturn = await startCoturn(
    TURN_PORT,
    testCoturnLines(TURN_SECRET),
    // Every browser gathers a relay candidate per interface (three here) for each of its connections.
    // In production the relay has a machine of its own; here it shares two cores with the
    // browsers, and starved of them it dropped half the relay-only participant's packets (in CI).
    { address: JANUS_ADDRESS, relayPorts: 1000, priority: -10 },
  );
});
test.afterAll(() => coturn?.stop());

/** What each remote video shows, to tell which one is stuck when a wait fails. */
const videoStates = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].map((video) => {
      const tile = video.closest('[data-testid="video-tile"]');
      return `${tile?.getAttribute('data-user-id')} via ${tile?.getAttribute('data-media-path')}: ${video.videoWidth}x${video.videoHeight} t=${video.currentTime.toFixed(1)} ready=${video.readyState}`;
    }),
  );
const transportOf = (page: Page) => page.getByTestId('meeting-stage');
const tilesVia = (page: Page, path: 'mesh' | 'sfu') => page.locator(`[data-testid="video-tile"][data-media-path="${path}"]`);

test(`${SFU_PARTICIPANTS} in one room: the ${MESH_MAX + 1}th switches the mesh to the SFU, everyone sees ${OTHERS} videos, ${SFU_PARTICIPANTS - STAYING} leave and it is mesh again`, async ({
  browser,
  baseURL,
}) => {
  // Many fake cameras on two cores: the smallest preset keeps the frames coming.
  await useSmallestVideoPreset(baseURL!);
  const health = await (await fetch(`${baseURL}/health`)).json();
  expect(health.sfu).toBe('up');

  const members = [];
  for (let i = 0; i < SFU_PARTICIPANTS; i += 1) members.push(await registerMember(baseURL!, { first_name: `Участник${i + 1}` }));
  const name = `SFU ${Date.now().toString(36)}`;
  await createRoom(baseURL!, (await signIn(baseURL!, members[0]!.email, members[0]!.password)).token, name, 10);
  const people: Awaited<ReturnType<typeof openMeeting>>[] = [];
  // The first participant's network lets only TURN through (its browser's relay-only switch); one
  // of those who stay to the end (SFU, then mesh again) is on a phone.
  const relayOnlyScripts = [TRACK_PEER_CONNECTIONS, `localStorage.setItem('linkup_ice_transport_policy', 'relay')`];
  for (const [index, member] of members.entries()) {
    const initScripts = [UNPROCESSED_MICROPHONES, ...(index === 0 ? relayOnlyScripts : [])];
    people.push(
      await openMeeting(browser, baseURL!, member, '/video-calls', { ...(index === PHONE ? VIEWPORTS.phone : {}), initScripts }),
    );
  }
  const relayOnly = people[0]!;
  // The call's own failures (callEngine's onError: Janus, negotiation) as each page reported them.
  const callWarnings = new Map(people.map(({ id }) => [id, [] as string[]]));
  for (const { page, id } of people) {
    page.on('console', (message) => {
      if (message.text().startsWith('call:')) callWarnings.get(id)!.push(message.text());
    });
    page.on('pageerror', (error) => callWarnings.get(id)!.push(String(error)));
  }
  /** Where the media stopped, printed when a wait fails: every page's tiles and warnings, the relay-only page's stats and connections. */
  const diagnose = async () => {
    for (const { page, id } of people) {
      if (page.isClosed()) continue;
      console.log(id, await videoStates(page), callWarnings.get(id));
    }
    console.log('relay-only participant receives', await inboundVideoStats(relayOnly.page));
    console.log("relay-only participant's connections", await connectionSummaries(relayOnly.page));
  };
  const explained = async (error: unknown) => {
    await diagnose();
    throw error;
  };

  for (const [index, person] of people.entries()) {
    await enterRoomCall(person.page, name);
    if (index === MESH_MAX - 1) {
      // The mesh's size: still browser to browser.
      for (const { page } of people.slice(0, MESH_MAX))
        await expect(transportOf(page)).toHaveAttribute('data-call-transport', 'mesh');
    }
  }
  for (const { page } of people) await expect(transportOf(page)).toHaveAttribute('data-call-transport', 'sfu');
  for (const { page } of people) {
    await expectRemoteVideosPlaying(page, OTHERS, 180_000).catch(explained);
    // Every tile is fed through the SFU: the mesh connections are closed.
    await expect(tilesVia(page, 'sfu')).toHaveCount(OTHERS);
  }
  // Its two connections to Janus (publishing, receiving) go through the relay (one lost meanwhile is
  // made again: SfuSession).
  await expect.poll(() => selectedCandidateTypes(relayOnly.page), { timeout: 60_000 }).toEqual(['relay', 'relay']);

  for (const { page } of people.slice(STAYING)) await page.getByTestId('call-leave').click();
  const staying = people.slice(0, STAYING);
  for (const { page } of staying) {
    await expect(transportOf(page)).toHaveAttribute('data-call-transport', 'mesh', { timeout: 60_000 });
  }
  for (const { page } of staying) {
    await expect(tilesVia(page, 'mesh')).toHaveCount(STAYING - 1, { timeout: 60_000 });
    await expectRemoteVideosPlaying(page, STAYING - 1, 120_000).catch(async (error: unknown) => {
      console.log('relay-only connections', await selectedCandidateTypes(relayOnly.page));
      await explained(error);
    });
  }
  // Back in mesh, its peer connections go through the relay too (the SFU ones are closed).
  await expect.poll(() => selectedCandidateTypes(relayOnly.page)).toEqual(Array(STAYING - 1).fill('relay'));
  for (const { context } of people) await context.close();
});
