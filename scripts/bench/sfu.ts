import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import { chromium, expect, type Browser } from '@playwright/test';
import { benchResult, processTreeCpuSeconds, startProductServer } from './support';
import { callChromiumArgsAt, chromiumLaunchOptions, noTourStorage } from '../../tests/e2e/playwright.config';
import {
  clickJoinInPage,
  createRoom,
  enterRoomCall,
  firstRemoteFramesAt,
  mediaBytesSent,
  openMeeting,
  showSidePanel,
  TRACK_PEER_CONNECTIONS,
  useSmallestVideoPreset,
  watchFirstRemoteFrames,
} from '../../tests/e2e/meeting';
import { DEMO_ADMIN, registerMember, signIn } from '../../tests/support/members';
import { inSfuNetns, JANUS_INTERFACE, SFU_NETNS } from '../../tests/sfu/netns';

/**
 * Calls past the mesh: the same room filled by N Chromium participants (fake camera, SD preset,
 * one browser, a context each) in three setups, each on a fresh server that spawns Janus:
 *  - mesh at 6 (MESH_MAX_PARTICIPANTS=6), SFU at 6 and at 12 (MESH_MAX_PARTICIPANTS=1: every room
 *    of two or more goes through Janus).
 * Figures per setup, over a steady window once everyone receives the others:
 *  - the server's and Janus's CPU (from /proc, % of one core);
 *  - each browser's upload bitrate (RTCPeerConnection stats, bytes sent over the window): about
 *    one stream's through the SFU against N-1 streams in mesh;
 *  - the last joiner's time from its click on "join" (in the page) to the first remote frame, and
 *    to the first frame of every other person sending video. Through the SFU only --seats members
 *    send video (SFU_MAX_VIDEO_PUBLISHERS, default 9: the first to arrive while nobody speaks); at
 *    12 the last three send audio only, which their upload shows.
 * Runs inside the SFU network namespace (it re-runs itself there; needs root).
 * Usage: node --import tsx scripts/bench/sfu.ts [--setups=mesh6,sfu6,sfu12] [--window=20] [--seats=9] [--port=8170]
 */
const flags = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const WINDOW_SECONDS = Number(flags.get('window') ?? 20);
const port = Number(flags.get('port') ?? 8170);
const SEATS = Number(flags.get('seats') ?? 9);
/** The bench room's size limit (above every setup's participants). */
const ROOM_SIZE = 20;

if (!process.env.LINKUP_IN_SFU_NETNS) {
  const [command, ...args] = inSfuNetns([process.execPath, ...process.execArgv, ...process.argv.slice(1)]);
  const result = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, LINKUP_IN_SFU_NETNS: SFU_NETNS } });
  process.exit(result.status ?? 1);
}

type Setup = { name: string; participants: number; meshMax: number };
const SETUPS: Setup[] = [
  { name: 'mesh6', participants: 6, meshMax: 6 },
  { name: 'sfu6', participants: 6, meshMax: 1 },
  // All through the SFU from the second joiner: six meshed fake cameras before the switch starve
  // two cores so that the seventh page's requests time out (measured: load average 27).
  { name: 'sfu12', participants: 12, meshMax: 1 },
];
const chosen = (flags.get('setups') ?? SETUPS.map((s) => s.name).join(',')).split(',');

const serverPid = (serverPort: number) =>
  Number(
    execFileSync('sh', ['-c', `ss -ltnpH 'sport = :${serverPort}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`])
      .toString()
      .trim(),
  );

async function measure(browser: Browser, setup: Setup) {
  const server = await startProductServer(port, {
    JANUS_URL: '',
    JANUS_ICE_INTERFACES: JANUS_INTERFACE,
    JANUS_PORT: String(port + 100),
    MESH_MAX_PARTICIPANTS: String(setup.meshMax),
    SFU_MAX_VIDEO_PUBLISHERS: String(SEATS),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10000',
  });
  const people: Awaited<ReturnType<typeof openMeeting>>[] = [];
  const warnings: string[][] = [];
  try {
    const health = (await (await fetch(`${server.url}/health`)).json()) as { sfu?: string };
    if (setup.name.startsWith('sfu') && health.sfu !== 'up') throw new Error(`the SFU is ${health.sfu ?? 'missing'}`);
    const admin = await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const asAdmin = (query: string) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify({ query }),
      });
    await useSmallestVideoPreset(server.url);
    // Rooms past 10 need the site's "professional" participant plan and, for a free member, a free
    // plan that lets them fill one (both are 10 out of the box: point 5's limits, which still apply).
    await asAdmin('mutation { setParticipantPlan(plan: "professional") { __typename } }');
    await asAdmin(`mutation { updateSubscriptionPlan(input: { planId: "free", maxParticipants: ${ROOM_SIZE} }) { __typename } }`);
    const room = `Замер SFU ${setup.name}`;
    for (let i = 0; i < setup.participants; i += 1) {
      const member = await registerMember(server.url, { first_name: `Участник${i + 1}` });
      // The onboarding tour's overlay would catch the clicks (the product's own per-browser switch).
      const person = await openMeeting(browser, server.url, member, '/video-calls', { storageState: noTourStorage(server.url) });
      // Twelve browsers on two cores: a click may wait long for a page busy decoding.
      person.page.setDefaultTimeout(120_000);
      await person.context.addInitScript(TRACK_PEER_CONNECTIONS);
      // The call engine's own warnings (`call:`), printed if a page never gets every video.
      const said: string[] = [];
      warnings.push(said);
      person.page.on('console', (message) => {
        if (message.text().startsWith('call:')) said.push(`${new Date().toISOString()} ${message.text()}`);
      });
      await person.page.reload();
      await expect(person.page.getByTestId('meeting-welcome')).toBeVisible({ timeout: 30_000 });
      people.push(person);
    }
    await createRoom(server.url, people[0]!.token, room, ROOM_SIZE);
    for (const [i, person] of people.slice(0, -1).entries()) {
      await enterRoomCall(person.page, room).catch(async (error: unknown) => {
        await person.page.screenshot({ path: `/tmp/sfu-bench-join-${i + 1}.png` });
        throw error;
      });
      console.log(`joined ${i + 1}`);
    }
    const last = people.at(-1)!;
    // The last joiner finds every seat taken when there are more people than seats (mesh has no seats).
    const seated = (n: number) => (setup.name.startsWith('sfu') ? Math.min(n, SEATS) : n);
    await watchFirstRemoteFrames(last.page, seated(setup.participants - 1));
    await showSidePanel(last.page);
    await last.page.getByTestId('tab-rooms').click();
    const clickedAt = await clickJoinInPage(last.page, room);
    const frames = await firstRemoteFramesAt(last.page);
    // All the browsers share this machine: how busy it was while the last one joined.
    const loadAverage = os.loadavg()[0]!;
    // Everyone receives everyone before the window starts.
    // Script text, counted in the page: remote videos showing frames.
    const PLAYING = `[...document.querySelectorAll('[data-testid="remote-video"]')].filter((v) => v.videoWidth > 0).length`;
    // Those seated see one video fewer than the seats: not their own.
    const expected = seated(setup.participants) - 1;
    for (const [i, { page }] of people.entries()) {
      await page.waitForFunction(`${PLAYING} >= ${expected}`, undefined, { timeout: 180_000 }).catch(async (error: unknown) => {
        const counts = await Promise.all(people.map(({ page: other }) => other.evaluate(PLAYING)));
        console.log(`participant ${i + 1} is short of videos; videos playing per participant: ${counts.join(', ')}`);
        people.forEach(
          (person, j) => warnings[j]!.length && console.log(`participant ${j + 1}:\n  ${warnings[j]!.join('\n  ')}`),
        );
        throw error;
      });
    }
    const pid = serverPid(port);
    const before = {
      server: processTreeCpuSeconds(pid, (command) => !/janus/i.test(command)),
      janus: processTreeCpuSeconds(pid, (command) => /janus/i.test(command)),
      sent: await Promise.all(people.map(({ page }) => mediaBytesSent(page))),
      video: await Promise.all(people.map(({ page }) => mediaBytesSent(page, 'video'))),
      at: performance.now(),
    };
    await new Promise((resolve) => setTimeout(resolve, WINDOW_SECONDS * 1000));
    const seconds = (performance.now() - before.at) / 1000;
    const sent = await Promise.all(people.map(({ page }) => mediaBytesSent(page)));
    const video = await Promise.all(people.map(({ page }) => mediaBytesSent(page, 'video')));
    const uploadKbps = sent.map((bytes, i) => ((bytes - before.sent[i]!) * 8) / 1000 / seconds).sort((a, b) => a - b);
    // Those outside the video seats say so on their own tile, and send no video.
    const seatless = await Promise.all(
      people.map(async ({ page }) => (await page.getByTestId('video-tile-self').getAttribute('data-video-paused')) === 'true'),
    );
    const videoKbpsSeatless = video
      .map((bytes, i) => ((bytes - before.video[i]!) * 8) / 1000 / seconds)
      .filter((_, i) => seatless[i]);
    return {
      setup: setup.name,
      participants: setup.participants,
      serverCpuPercent: ((processTreeCpuSeconds(pid, (command) => !/janus/i.test(command)) - before.server) / seconds) * 100,
      janusCpuPercent: ((processTreeCpuSeconds(pid, (command) => /janus/i.test(command)) - before.janus) / seconds) * 100,
      uploadKbpsMedian: uploadKbps[Math.floor(uploadKbps.length / 2)]!,
      uploadKbpsMax: uploadKbps.at(-1)!,
      uploadKbpsEach: uploadKbps.map((kbps) => Math.round(kbps)),
      videoUploadKbpsOfSeatless: videoKbpsSeatless.map((kbps) => Math.round(kbps)),
      joinToFirstFrameMs: frames.first - clickedAt,
      joinToAllFramesMs: frames.all - clickedAt,
      loadAverageAtJoin: loadAverage,
    };
  } finally {
    for (const person of people) await person.context.close();
    await server.stop();
  }
}

// Fake cameras at 10 fps, as in the SFU suite (tests/sfu/playwright.config.ts): twelve browsers
// at 15 fps saturate two cores, and the pages' requests time out.
const browser = await chromium.launch(chromiumLaunchOptions(callChromiumArgsAt(10)));
const results = [];
try {
  for (const setup of SETUPS.filter((s) => chosen.includes(s.name))) {
    const result = await measure(browser, setup);
    results.push(result);
    console.log(
      `${setup.name}: ${result.participants} participants; server CPU ${result.serverCpuPercent.toFixed(0)}%, ` +
        `Janus CPU ${result.janusCpuPercent.toFixed(0)}% of one core; upload per browser median ${result.uploadKbpsMedian.toFixed(0)} kbit/s ` +
        `(max ${result.uploadKbpsMax.toFixed(0)}; each ${result.uploadKbpsEach.join(', ')}); ` +
        `${result.videoUploadKbpsOfSeatless.length} without a video seat, sending video at ` +
        `${result.videoUploadKbpsOfSeatless.join(', ') || '-'} kbit/s; ` +
        `last joiner's click → first remote frame ${result.joinToFirstFrameMs.toFixed(0)} ms, ` +
        `→ first frame of every other video ${result.joinToAllFramesMs.toFixed(0)} ms ` +
        `(load average ${result.loadAverageAtJoin.toFixed(1)} on ${os.cpus().length} cores)`,
    );
  }
} finally {
  await browser.close();
}
benchResult({ sfu: results });
