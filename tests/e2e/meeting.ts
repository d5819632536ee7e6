import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { DEMO_ADMIN, registerMember, signIn } from '../support/members';

/** Page helpers for the meeting area, shared by the call tests and scripts/bench/calls.ts. */

export type MeetingUser = { email: string; password: string };

/**
 * Two new members, `firstNames` with the last name `lastName`, each in the meeting area in a browser
 * of their own (`sizes`: one each), and a room named `roomName` the first (the host) created.
 */
export async function hostAndGuest(
  browser: Browser,
  baseURL: string,
  {
    firstNames,
    lastName,
    roomName,
    sizes,
  }: { firstNames: [string, string]; lastName: string; roomName: string; sizes: [BrowserContextOptions, BrowserContextOptions] },
) {
  const [hostMember, guestMember] = await Promise.all(
    firstNames.map((first) => registerMember(baseURL, { first_name: first, last_name: lastName })),
  );
  await createRoom(baseURL, (await signIn(baseURL, hostMember.email, hostMember.password)).token, roomName);
  const host = await openMeeting(browser, baseURL, hostMember, '/video-calls', sizes[0]);
  const guest = await openMeeting(browser, baseURL, guestMember, '/video-calls', sizes[1]);
  return { host, guest };
}

/** A new browser context (with `options`) signed in as `user` (its token in localStorage), on /video-calls (or `path`). */
export async function openMeeting(
  browser: Browser,
  baseURL: string,
  user: MeetingUser,
  path = '/video-calls',
  { initScripts = [], ...options }: BrowserContextOptions & { initScripts?: string[] } = {},
) {
  const { token, user: signedIn } = await signIn(baseURL, user.email, user.password);
  const id = signedIn.id as number;
  const context = await browser.newContext({ baseURL, locale: 'ru-RU', ...options });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  for (const script of initScripts) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId(path === '/video-calls' ? 'meeting-welcome' : 'user-chip')).toBeVisible({ timeout: 20_000 });
  return { page, context, token, id };
}

/** Many fake cameras on two cores: the demo administrator sets the site's default video quality to its smallest preset. */
export async function useSmallestVideoPreset(baseURL: string) {
  const { token } = await signIn(baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const response = await fetch(`${baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'mutation { setDefaultVideoQuality(quality: SD) { __typename } }' }),
  });
  const body = (await response.json()) as { data?: { setDefaultVideoQuality?: { __typename: string } }; errors?: unknown[] };
  if (body.errors || body.data?.setDefaultVideoQuality?.__typename !== 'GroupCallSettingsSuccess') {
    throw new Error(`setDefaultVideoQuality: ${JSON.stringify(body)}`);
  }
}

export async function createRoom(baseURL: string, token: string, name: string, maxParticipants = 10): Promise<number> {
  const response = await fetch(`${baseURL}/api/zoomvisor/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, type: 'group', max_participants: maxParticipants }),
  });
  if (response.status !== 201) throw new Error(`create room: ${response.status} ${await response.text()}`);
  return (await response.json()).id;
}

export const roomRow = (page: Page, name: string) => page.locator(`[data-testid="room-row"][data-room-name="${name}"]`);

/** On a phone the side panel is a drawer, closed until asked for: opens it (a desktop shows it already). */
export async function showSidePanel(page: Page) {
  // The page may be re-rendering (a call just started): wait until either the panel or its menu shows.
  await expect(page.getByTestId('tab-rooms').or(page.getByTestId('meeting-menu')).first()).toBeVisible();
  if (await page.getByTestId('tab-rooms').isVisible()) return;
  await page.getByTestId('meeting-menu').click();
  await expect(page.getByTestId('tab-rooms')).toBeVisible();
}

/** Clicks "join" on the room's row of the rooms tab (the panel open on it: on a phone, see showSidePanel). */
export async function joinRoom(page: Page, name: string) {
  await page.getByTestId('tab-rooms').click();
  await roomRow(page, name).getByTestId('join-room').click();
}

/** Joins a room from the rooms tab and waits until the call is up. */
export async function enterRoomCall(page: Page, name: string) {
  await showSidePanel(page);
  await page.getByTestId('tab-rooms').click();
  await page.getByRole('button', { name: 'Обновить' }).click();
  await joinRoom(page, name);
  await expect(page.getByTestId('meeting-stage')).toHaveAttribute('data-call-status', 'in_call', { timeout: 30_000 });
}

/** The side panel's activities tab. */
export async function openActivities(page: Page) {
  await showSidePanel(page);
  await page.getByTestId('tab-activities').click();
  await expect(page.getByTestId('activities-tab')).toBeVisible();
}

/** Waits until `count` remote videos play real frames (a non-zero width, time advancing). */
export async function expectRemoteVideosPlaying(page: Page, count: number, timeout = 30_000) {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-video"]')].filter(
        (video) => video.videoWidth > 0 && video.readyState >= 2 && !video.paused && video.currentTime > 0,
      ).length === expected,
    count,
    { timeout },
  );
}

/**
 * The stage shows exactly one other person, `userId`, and their video plays: a live video track
 * whose time advances.
 */
export async function expectOnlyRemoteTile(page: Page, userId: number) {
  await expect(page.getByTestId('video-tile')).toHaveCount(1);
  await expect(page.getByTestId('video-tile')).toHaveAttribute('data-user-id', String(userId));
  const video = page.getByTestId('video-tile').getByTestId('remote-video');
  const state = () =>
    video.evaluate((element: HTMLVideoElement) => ({
      track: (element.srcObject as MediaStream | null)?.getVideoTracks()[0]?.readyState ?? null,
      time: element.currentTime,
    }));
  await expect.poll(async () => (await state()).track).toBe('live');
  const before = (await state()).time;
  await expect.poll(async () => (await state()).time).toBeGreaterThan(before);
}

/**
 * Notes the times (performance.now() of the page) of the first frame of any remote video and of the
 * first frame of each of the first `count` remote videos; installed before the click that starts the
 * call. Plain script text: tools that rename functions (tsx keeps names with a helper) must not touch
 * code that runs in the page.
 */
const FIRST_FRAMES_SCRIPT = `(expected) => {
  window.__firstFrames = new Promise((resolve) => {
    const seen = new Map();
    const watch = (video) => {
      if (seen.has(video)) return;
      seen.set(video, 0);
      video.requestVideoFrameCallback((now) => {
        seen.set(video, now);
        const times = [...seen.values()].filter((time) => time > 0);
        if (times.length >= expected) resolve({ first: Math.min(...times), all: Math.max(...times) });
      });
    };
    const scan = () => document.querySelectorAll('[data-testid="remote-video"]').forEach(watch);
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
    scan();
  });
}`;

export async function watchFirstRemoteFrames(page: Page, count: number) {
  await page.evaluate(`(${FIRST_FRAMES_SCRIPT})(${Number(count)})`);
}

/** When (page time) the first remote video showed its first frame, and when all those watched had. */
export async function firstRemoteFramesAt(page: Page): Promise<{ first: number; all: number }> {
  return page.evaluate('window.__firstFrames') as Promise<{ first: number; all: number }>;
}

/**
 * Clicks "join" on the room's row in the page itself (the rooms tab open, the list refreshed first),
 * so the time returned (page time) is the click's own, not the test's round trips to the page.
 */
export async function clickJoinInPage(page: Page, room: string): Promise<number> {
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(roomRow(page, room)).toBeVisible();
  // Script text, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  const selector = JSON.stringify(`[data-testid="room-row"][data-room-name="${room}"] [data-testid="join-room"]`);
  return page.evaluate(`document.querySelector(${selector}).click(), performance.now()`) as Promise<number>;
}

/**
 * Microphones without the browser's audio processing (echo cancellation, noise suppression, gain):
 * with eight fake microphones on two cores, Chromium's audio service spent a third to a half of a
 * core on it (measured in November 2026), and the SFU suite tests video, not voice.
 */
export const UNPROCESSED_MICROPHONES = `(() => {
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const getUserMedia = devices.getUserMedia.bind(devices);
  const raw = { echoCancellation: false, noiseSuppression: false, autoGainControl: false };
  devices.getUserMedia = (constraints) =>
    getUserMedia(constraints?.audio ? { ...constraints, audio: { ...(constraints.audio === true ? {} : constraints.audio), ...raw } } : constraints);
})()`;

/**
 * Keeps every RTCPeerConnection the page makes in `window.__connections`, so tests and benches can
 * read their stats. Added to the context before the page loads (reload a page opened before).
 */
export const TRACK_PEER_CONNECTIONS = `(() => {
  const Original = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = function (...args) {
    const connection = new Original(...args);
    window.__connections.push(connection);
    return connection;
  };
  window.RTCPeerConnection.prototype = Original.prototype;
})()`;

/** Bytes of media (of one `kind`, or all) the page has sent so far over its open connections (needs TRACK_PEER_CONNECTIONS). */
export async function mediaBytesSent(page: Page, kind?: 'audio' | 'video'): Promise<number> {
  return page.evaluate(`(async () => {
    let total = 0;
    for (const connection of window.__connections) {
      if (connection.connectionState === 'closed') continue;
      const stats = await connection.getStats();
      stats.forEach((report) => {
        if (report.type === 'outbound-rtp' && (${JSON.stringify(kind ?? null)} ?? report.kind) === report.kind) total += report.bytesSent;
      });
    }
    return total;
  })()`) as Promise<number>;
}

/**
 * One line per video RTP stream of the page's open connections (needs TRACK_PEER_CONNECTIONS):
 * `fields` is the body of a template literal over the stats `report`.
 */
function videoRtpStats(page: Page, type: 'inbound-rtp' | 'outbound-rtp', fields: string): Promise<string[]> {
  return page.evaluate(`(async () => {
    const lines = [];
    for (const connection of window.__connections) {
      if (connection.connectionState === 'closed') continue;
      const stats = await connection.getStats();
      stats.forEach((report) => {
        if (report.type === '${type}' && report.kind === 'video') lines.push(connection.connectionState + ' ' + \`${fields}\`);
      });
    }
    return lines;
  })()`) as Promise<string[]>;
}

/**
 * What each video the page receives has decoded so far: to tell, when a wait for a video fails,
 * whether its packets never came, came lost, or came without a key frame (picture loss
 * indications sent and none answered).
 */
export const inboundVideoStats = (page: Page) =>
  videoRtpStats(
    page,
    'inbound-rtp',
    'mid=${report.mid} ${report.frameWidth ?? 0}x${report.frameHeight ?? 0} packets=${report.packetsReceived} lost=${report.packetsLost} frames=${report.framesDecoded} keyframes=${report.keyFramesDecoded} pli=${report.pliCount} nack=${report.nackCount} fir=${report.firCount}',
  );

/** What the page sends of video now: one line per (simulcast) stream. */
export const outboundVideoStats = (page: Page) =>
  videoRtpStats(
    page,
    'outbound-rtp',
    "mid=${report.mid} rid=${report.rid ?? '-'} ${report.frameWidth ?? 0}x${report.frameHeight ?? 0} packets=${report.packetsSent} frames=${report.framesEncoded} limited=${report.qualityLimitationReason}",
  );

/**
 * Each connection the page opened, closed ones too (needs TRACK_PEER_CONNECTIONS): its states, its
 * local and remote candidates by type, and its candidate pairs by state, to tell a connection whose
 * ICE never found a path from one stuck after it (DTLS).
 */
export async function connectionSummaries(page: Page): Promise<string[]> {
  return page.evaluate(`(async () => {
    const count = (values) => Object.entries(values.reduce((all, v) => ({ ...all, [v]: (all[v] ?? 0) + 1 }), {})).map(([k, n]) => k + ':' + n).join(',');
    const lines = [];
    for (const connection of window.__connections) {
      const stats = connection.connectionState === 'closed' ? new Map() : await connection.getStats();
      const of = (type) => [...stats.values()].filter((report) => report.type === type);
      lines.push(connection.connectionState + ' ice=' + connection.iceConnectionState + ' gathering=' + connection.iceGatheringState +
        ' local=' + count(of('local-candidate').map((c) => c.candidateType + '/' + c.address)) +
        ' remote=' + count(of('remote-candidate').map((c) => c.candidateType + '/' + c.address)) +
        ' pairs=' + count(of('candidate-pair').map((p) => p.state)));
    }
    return lines;
  })()`) as Promise<string[]>;
}

/** The local candidate type (host, srflx, relay) of each open connection's selected pair (needs TRACK_PEER_CONNECTIONS). */
export async function selectedCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(`(async () => {
    const types = [];
    for (const connection of window.__connections) {
      if (connection.connectionState !== 'connected') continue;
      const stats = await connection.getStats();
      stats.forEach((report) => {
        if (report.type !== 'transport' || !report.selectedCandidatePairId) return;
        const pair = stats.get(report.selectedCandidatePairId);
        types.push(stats.get(pair.localCandidateId).candidateType);
      });
    }
    return types;
  })()`) as Promise<string[]>;
}
