import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import { createTestApp, startTestServer } from '../support/app';
import { quickMember, type Member } from './meetingSupport';
import { findExecutable } from '../../server/src/sfu/janusProcess';
import { SfuUnavailableError } from '../../server/src/sfu/gateway';
import { OBSERVER_DISPLAY } from '../../server/src/sfu/janusGateway';
import { revokeUserSessions } from '../../server/src/auth/sessions';
import { COMPOSE_JANUS_SETTINGS, janusConfigFiles } from '../../server/src/sfu/janusConfig';

/**
 * The SFU gateway against the real Janus from Debian (`apt-get install janus`), started by the
 * server as `npm start` does: rooms by our ids, token lists, kicks, the /janus relay, and what
 * happens when Janus dies. No media flows (nothing here needs ICE), so no network namespace.
 */
const janusInstalled = findExecutable('janus') !== null;
if (!janusInstalled && !process.env.CI) {
  console.warn('janusGateway.test.ts skipped: the janus binary is not installed (apt-get install janus; CI installs it)');
}

/** Ports of this file: Janus's WebSocket API, and its (unused) media ports. */
const JANUS_PORT = 18181;
const JANUS_RTP_PORTS = '18184-18189';

type VideoRoomHandle = {
  joinPublisher(opts: { room: string; display: string; token: string }): Promise<{ feed: string; display: string }>;
  listParticipants(opts: { room: string }): Promise<{ participants: { feed: string; display: string }[] }>;
  on(event: string, listener: (data: { reason?: string }) => void): void;
};
type Participant = { connection: JanodeConnection; session: JanodeSession };

describe.skipIf(!janusInstalled && !process.env.CI)('SFU gateway over Janus', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let member: Member;
  const clients: JanodeConnection[] = [];
  const reconnections: number[] = [];

  beforeAll(async () => {
    if (!janusInstalled) throw new Error('the janus binary is not installed: .ci/run installs the Debian package `janus`');
    server = await startTestServer({
      janusSpawn: true,
      janusPort: JANUS_PORT,
      janusRtpPorts: JANUS_RTP_PORTS,
      janusIceInterfaces: 'v0',
    });
    server.services.sfu.onReconnected(() => reconnections.push(Date.now()));
    member = await quickMember(server.services);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await server?.dispose();
  });

  const sfu = () => server.services.sfu;
  /** A Janus API client straight to Janus (as a browser would be, without our relay in between). */
  async function participant(url = sfu().browserUpstream, token?: string): Promise<Participant> {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const connection = await Janode.connect({ address: { url }, max_retries: 0, ws_options: { headers } });
    clients.push(connection);
    return { connection, session: await connection.create() };
  }
  const videoRoom = (p: Participant) => p.session.attach(VideoRoomPlugin) as unknown as Promise<VideoRoomHandle>;
  const health = async () => (await fetch(`${server.url}/health`)).json();
  /** A browser's connection to /janus: its token offered as a subprotocol, beside janus-protocol. */
  const relaySocket = (who: Member) =>
    new WebSocket(`${server.url.replace('http', 'ws')}/janus`, ['janus-protocol', `linkup-token.${who.token}`]);

  it('starts Janus with the server and reports it up', async () => {
    expect(sfu().status()).toBe('up');
    expect(sfu().janusPid?.()).toBeGreaterThan(0);
    expect(await health()).toMatchObject({ status: 'ok', sfu: 'up' });
  });

  it('creates a private room named by our room id, which only allowed tokens may join, as their user id', async () => {
    await sfu().openRoom(910001, { tokens: ['token-anna'], maxPublishers: 3 });
    const browser = await participant();
    const probe = await browser.session.attach({ id: 'janus.plugin.videoroom' });
    expect((await probe.message({ request: 'exists', room: '910001' })).plugindata?.data).toMatchObject({ exists: true });
    // Private: not in the listing anyone may ask for.
    const listed = (await probe.message({ request: 'list' })).plugindata?.data?.list as { room: string }[];
    expect(listed.map((room) => room.room)).not.toContain('910001');

    const stranger = await videoRoom(browser);
    await expect(stranger.joinPublisher({ room: '910001', display: '1', token: 'token-guessed' })).rejects.toThrow(/^433 /);
    const anna = await videoRoom(browser);
    expect(await anna.joinPublisher({ room: '910001', display: String(member.id), token: 'token-anna' })).toMatchObject({
      display: String(member.id),
    });
    // Opening it again (another member joined, or the server re-opens it) adds tokens, keeping the others.
    await sfu().openRoom(910001, { tokens: ['token-boris'], maxPublishers: 3 });
    const boris = await videoRoom(browser);
    await boris.joinPublisher({ room: '910001', display: '999999', token: 'token-boris' });
    const { participants } = await anna.listParticipants({ room: '910001' });
    // With our observer, which publishes nothing and hears who talks (activeSpeakers.ts).
    expect(participants.map((p) => p.display).sort()).toEqual([String(member.id), '999999', OBSERVER_DISPLAY].sort());
    expect(await sfu().metrics()).toMatchObject({ rooms: 1, publishers: 0, subscribers: 0 }); // joined, no media yet
  });

  it('disallow kicks the member out and keeps their token out; closeRoom destroys the room', async () => {
    await sfu().openRoom(910002, { tokens: ['token-vera', 'token-gleb'], maxPublishers: 3 });
    const browser = await participant();
    const vera = await videoRoom(browser);
    // Each handle hears of its own kick (and of other feeds leaving, without a reason).
    const kicked: string[] = [];
    vera.on('videoroom_leaving', ({ reason }) => reason && kicked.push(`camera ${reason}`));
    await vera.joinPublisher({ room: '910002', display: '501', token: 'token-vera' });
    const veraScreen = await videoRoom(browser);
    veraScreen.on('videoroom_leaving', ({ reason }) => reason && kicked.push(`screen ${reason}`));
    await veraScreen.joinPublisher({ room: '910002', display: '501:screen', token: 'token-vera' });
    const gleb = await videoRoom(browser);
    await gleb.joinPublisher({ room: '910002', display: '502', token: 'token-gleb' });

    // Both of Vera's feeds go: her camera and her shared screen.
    await sfu().disallow(910002, [{ userId: 501, token: 'token-vera' }]);
    await vi.waitFor(() => expect(kicked.sort()).toEqual(['camera kicked', 'screen kicked']));
    expect((await gleb.listParticipants({ room: '910002' })).participants.map((p) => p.display)).toEqual(['502']);
    const again = await videoRoom(browser);
    await expect(again.joinPublisher({ room: '910002', display: '501', token: 'token-vera' })).rejects.toThrow(/^433 /);

    await sfu().closeRoom(910002);
    const probe = await browser.session.attach({ id: 'janus.plugin.videoroom' });
    expect((await probe.message({ request: 'exists', room: '910002' })).plugindata?.data).toMatchObject({ exists: false });
    await sfu().closeRoom(910002); // absent: nothing
    await sfu().disallow(910002, [{ userId: 502, token: 'token-gleb' }]); // absent: nothing
  });

  it('relays /janus for signed-in members only, as their user id, without room management', async () => {
    const relayUrl = `${server.url.replace('http', 'ws')}/janus`;
    expect(await upgradeStatus(relayUrl)).toBe(401);
    expect(await upgradeStatus(relayUrl, 'not-a-token')).toBe(401);
    // Never in the address, which proxies log.
    expect(await upgradeStatus(`${relayUrl}?token=${member.token}`)).toBe(401);

    const socket = relaySocket(member);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    expect(socket.protocol).toBe('janus-protocol');
    const answer = new Promise<Record<string, unknown>>((resolve) =>
      socket.once('message', (data) => resolve(JSON.parse(String(data)))),
    );
    socket.send(JSON.stringify({ janus: 'info', transaction: 'i1' }));
    expect(await answer).toMatchObject({ janus: 'server_info', transaction: 'i1', 'server-name': 'LinkUp SFU' });
    socket.close();
    // A whole client through the relay: it joins under its own user id whatever display it asks for.
    await sfu().openRoom(910003, { tokens: ['token-relayed'], maxPublishers: 3 });
    const relayed = await participant(relayUrl, member.token);
    const handle = await videoRoom(relayed);
    expect(await handle.joinPublisher({ room: '910003', display: '1', token: 'token-relayed' })).toMatchObject({
      display: String(member.id),
    });
    await expect(handle.listParticipants({ room: '910003' })).rejects.toThrow(/403 listparticipants: not allowed/);
    // A shared screen is a feed of its own, named after the member too, whoever the browser claims to be.
    const screen = await videoRoom(relayed);
    expect(await screen.joinPublisher({ room: '910003', display: '1:screen', token: 'token-relayed' })).toMatchObject({
      display: `${member.id}:screen`,
    });

    // Leaving the room closes the member's relayed connection (the subscriptions it holds end too).
    const cut = new Promise((resolve) => relayed.connection.once(Janode.EVENT.CONNECTION_ERROR, resolve));
    await sfu().disallow(910003, [{ userId: member.id, token: 'token-relayed' }]);
    await Promise.race([cut, delay(5000).then(() => Promise.reject(new Error('the relayed connection stayed open')))]);
    await sfu().closeRoom(910003);
  });

  it('closes a relayed connection that sends a frame over 64 KB', async () => {
    const socket = relaySocket(member);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ janus: 'info', transaction: 'x'.repeat(65 * 1024) }));
    expect(await closed).toBe(1009); // Message Too Big
  });

  it("closes a member's relayed connections when their session ends", async () => {
    const other = await quickMember(server.services);
    const socket = relaySocket(other);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    await revokeUserSessions(server.services, other.id);
    expect(await closed).toBe(4401);
  });

  it('goes down when Janus dies, and back up (rooms re-opened by its listeners) once the server restarted it', async () => {
    const pid = sfu().janusPid!()!;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(sfu().status()).toBe('down'), { timeout: 5000 });
    expect(await health()).toMatchObject({ status: 'degraded', sfu: 'down' });
    expect(await upgradeStatus(`${server.url.replace('http', 'ws')}/janus`, member.token)).toBe(503);
    await expect(sfu().openRoom(910004, { tokens: [], maxPublishers: 3 })).rejects.toBeInstanceOf(SfuUnavailableError);

    await vi.waitFor(() => expect(sfu().status()).toBe('up'), { timeout: 20_000, interval: 100 });
    expect(sfu().janusPid!()).not.toBe(pid);
    expect(reconnections).toHaveLength(1);
    expect(await health()).toMatchObject({ status: 'ok', sfu: 'up' });
    // The restarted Janus has none of the old rooms; opening works again.
    expect((await sfu().metrics()).rooms).toBe(0);
    await sfu().openRoom(910001, { tokens: ['token-anna'], maxPublishers: 3 });
    expect((await sfu().metrics()).rooms).toBe(1);
  }, 30_000);
});

describe('without an SFU', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp({ janusSpawn: true, janusBinary: '/nonexistent/janus' });
  });
  afterAll(() => app?.dispose());

  it("is 'off': rooms stay in mesh and /health is ok", async () => {
    expect(app.services.sfu.status()).toBe('off');
    await expect(app.services.sfu.openRoom(1, { tokens: [], maxPublishers: 3 })).rejects.toBeInstanceOf(SfuUnavailableError);
    expect(await (await app.request('GET', '/health')).json()).toMatchObject({ status: 'ok', sfu: 'off' });
  });
});

describe('Janus configuration', () => {
  it("docker-compose's (deploy/janus/conf) is the one the server writes, for the compose network", () => {
    const folder = path.resolve(import.meta.dirname, '../../deploy/janus/conf');
    for (const [name, text] of Object.entries(janusConfigFiles(COMPOSE_JANUS_SETTINGS))) {
      expect(fs.readFileSync(path.join(folder, name), 'utf8'), `${name}: node --import tsx scripts/janusComposeConfig.ts`).toBe(
        text,
      );
    }
  });
});

/** The HTTP status a WebSocket upgrade to `url` (with `token` as a browser offers it) is refused with (101 when accepted). */
function upgradeStatus(url: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['janus-protocol', ...(token ? [`linkup-token.${token}`] : [])]);
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', reject);
  });
}
