import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, classes, createTurnClient, methods, Message, type RTCDataChannel, type RTCIceServer } from 'werift';
import { mintTurnCredentials } from '../../server/src/sfu/turnCredentials';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember } from './meetingSupport';

/**
 * Our credentials against a real coturn (Debian's `turnserver`, which CI installs: .ci/run), set up
 * as deploy/turnserver.conf is for the part that matters here (use-auth-secret with our secret),
 * on loopback. Two werift peer connections in relay-only mode (what ICE_TRANSPORT_POLICY=relay makes
 * browsers do) connect through it with the TURN entry meetingConfig gave a member; coturn refuses
 * credentials signed with another secret and expired ones, and keeps an allocation open past the
 * expiry of the credentials that opened it. Then deploy/turnserver.conf itself: it accepts our
 * credentials and refuses to relay to loopback and private addresses.
 */
const TURNSERVER = '/usr/bin/turnserver';
const installed = fs.existsSync(TURNSERVER);
const SECRET = 'coturn-test-secret';
// Two coturns, each with its own listening port and four relay ports.
const PORT = 18190;
const DEPLOY_PORT = 18195;
const URLS = [`turn:127.0.0.1:${PORT}?transport=udp`];

describe.skipIf(!installed && !process.env.CI)('TURN credentials against coturn', () => {
  let coturn: Coturn;
  let app: TestApp;

  beforeAll(async () => {
    [coturn, app] = await Promise.all([
      startCoturn(PORT, [
        'use-auth-secret',
        `static-auth-secret=${SECRET}`,
        'realm=linkup.test',
        'fingerprint',
        // Both peers are on this machine: production refuses loopback peers (deploy/turnserver.conf).
        'allow-loopback-peers',
        'no-tls',
        'no-dtls',
        'no-cli',
        'log-file=stdout',
        'simple-log',
      ]),
      createTestApp({ turn: { urls: URLS, secret: SECRET, credentialTtlSeconds: 600 } }),
    ]);
  });

  afterAll(async () => {
    await coturn?.stop();
    await app?.dispose();
  });

  it('connects two relay-only peer connections through coturn with the TURN entry meetingConfig gave a member', async () => {
    const member = await quickMember(app.services);
    const { data } = await app.graphql(
      '{ meetingConfig { iceServers { urls username credential } } }',
      {},
      { token: member.token },
    );
    const iceServers: RTCIceServer[] = data.meetingConfig.iceServers.map((server: Required<RTCIceServer>) => ({
      urls: server.urls[0],
      username: server.username,
      credential: server.credential,
    }));
    expect(iceServers).toHaveLength(1);

    const offerer = new RTCPeerConnection({ iceServers, iceTransportPolicy: 'relay' });
    const answerer = new RTCPeerConnection({ iceServers, iceTransportPolicy: 'relay' });
    try {
      const candidates: string[] = [];
      offerer.onIceCandidate.subscribe((candidate) => {
        if (!candidate) return;
        candidates.push(candidate.candidate);
        void answerer.addIceCandidate(candidate);
      });
      answerer.onIceCandidate.subscribe((candidate) => {
        if (!candidate) return;
        candidates.push(candidate.candidate);
        void offerer.addIceCandidate(candidate);
      });
      const received = new Promise<string>((resolve) =>
        answerer.onDataChannel.subscribe((channel: RTCDataChannel) =>
          channel.onMessage.subscribe((message) => resolve(message.toString())),
        ),
      );
      const channel = offerer.createDataChannel('chat');
      channel.stateChanged.subscribe((state) => state === 'open' && channel.send('hello through the relay'));

      await offerer.setLocalDescription(await offerer.createOffer());
      await answerer.setRemoteDescription(offerer.localDescription!);
      await answerer.setLocalDescription(await answerer.createAnswer());
      await offerer.setRemoteDescription(answerer.localDescription!);

      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`nothing came through the relay in 15 s; coturn said:\n${coturn.log()}`)),
          15_000,
        );
      });
      expect(await Promise.race([received, timeout]).finally(() => clearTimeout(timer))).toBe('hello through the relay');
      // Every address the two sides offered each other was a relay coturn allocated.
      expect(candidates.length).toBeGreaterThanOrEqual(2);
      expect(candidates.every((candidate) => candidate.includes(' typ relay'))).toBe(true);
    } finally {
      await Promise.all([offerer.close(), answerer.close()]);
    }
  });

  it('refuses credentials signed with another secret', async () => {
    const forged = mintTurnCredentials({ secret: 'not-the-secret', urls: URLS, ttlSeconds: 600, memberId: 7, now: new Date() });
    expect(await allocationOutcome(forged)).toBe('STUN transaction timed out');
    expect(coturn.log()).toContain(`credentials of user <${forged.username}>`);
  });

  it('refuses credentials once expired, while the relay they opened before stays usable and is refreshed', async () => {
    const shortLived = mintTurnCredentials({ secret: SECRET, urls: URLS, ttlSeconds: 2, memberId: 8, now: new Date() });
    const turn = await allocate(shortLived);
    try {
      expect(turn.relayedAddress[0]).toBe('127.0.0.1');
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      // A call that outlasts its credentials: the allocation is refreshed and lets a new peer in.
      const refresh = new Message(methods.REFRESH, classes.REQUEST);
      refresh.setAttribute('LIFETIME', 600);
      const [refreshed] = await turn.requestWithRetry(refresh, turn.server);
      expect(refreshed.getAttributeValue('LIFETIME')).toBe(600);
      await turn.getPermission(['127.0.0.1', 40000]);

      // A new relay with the same, now expired, credentials is refused.
      expect(await allocationOutcome(shortLived)).toBe('STUN transaction timed out');
      expect(coturn.log()).toContain(`credentials of user <${shortLived.username}>`);
    } finally {
      await turn.close();
    }
  });
});

describe.skipIf(!installed && !process.env.CI)('deploy/turnserver.conf', () => {
  let coturn: Coturn;
  beforeAll(async () => {
    // The production file as docker-compose completes it, on loopback ports of this test.
    const deployed = fs.readFileSync(path.join(__dirname, '../../deploy/turnserver.conf'), 'utf8');
    coturn = await startCoturn(DEPLOY_PORT, [deployed, `static-auth-secret=${SECRET}`, 'realm=linkup.test', 'no-tls', 'no-dtls']);
  });
  afterAll(() => coturn?.stop());

  it('relays for our credentials to public addresses only: never to this host or a private network', async () => {
    const credentials = mintTurnCredentials({ secret: SECRET, urls: [], ttlSeconds: 600, memberId: 9, now: new Date() });
    const turn = await allocate(credentials, DEPLOY_PORT);
    try {
      const permission = (ip: string) =>
        turn.getPermission([ip, 40000]).then(
          () => 'granted',
          (error: { str?: string }) => error.str ?? String(error),
        );
      expect(await permission('8.8.8.8')).toBe('granted');
      for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.5', '192.168.1.10', '169.254.169.254', '100.64.0.1'])
        expect([ip, await permission(ip)]).toEqual([ip, 'STUN transaction failed (403 - Forbidden IP)']);
    } finally {
      await turn.close();
    }
  });
});

type Coturn = { log(): string; stop(): Promise<void> };

/**
 * Debian's turnserver with these configuration lines, on 127.0.0.1:`port` with relays on the next
 * four ports, its pid file and database in a temporary folder; resolves once it answers STUN.
 */
async function startCoturn(port: number, lines: string[]): Promise<Coturn> {
  if (!installed) throw new Error(`${TURNSERVER} is missing: install Debian's coturn (CI does, .ci/run)`);
  await ensurePortFree(port);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-coturn-'));
  const config = [
    ...lines,
    'listening-ip=127.0.0.1',
    'relay-ip=127.0.0.1',
    `listening-port=${port}`,
    `min-port=${port + 1}`,
    `max-port=${port + 4}`,
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    `userdb=${path.join(dir, 'turndb')}`,
  ];
  fs.writeFileSync(path.join(dir, 'turnserver.conf'), config.join('\n') + '\n');
  const child: ChildProcess = spawn(TURNSERVER, ['-c', path.join(dir, 'turnserver.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilAnswersStun(port);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}; turnserver said:\n${log}`, { cause: error });
  }
  return { log: () => log, stop };
}

/** A TURN allocation (RFC 5766) with long-term credentials: the 401 nonce and realm round trip, then MESSAGE-INTEGRITY. */
const allocate = (credentials: { username: string; credential: string }, port = PORT) =>
  createTurnClient({ address: ['127.0.0.1', port], username: credentials.username, password: credentials.credential });

/**
 * 'allocated', or why not. coturn does not answer a request whose credentials it refuses (its log
 * says "Cannot find credentials of user <username>"), so the client's transaction times out.
 */
const allocationOutcome = (credentials: { username: string; credential: string }) =>
  allocate(credentials).then(
    async (turn) => {
      await turn.close();
      return 'allocated';
    },
    (error: { str?: string }) => error.str ?? String(error),
  );

/** Throws when something (a coturn left running?) holds the port: coturn would share it silently (SO_REUSEPORT). */
async function ensurePortFree(port: number) {
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, '127.0.0.1', resolve);
    });
  } catch (error) {
    throw new Error(`UDP port ${port} is taken (a turnserver left running?)`, { cause: error });
  } finally {
    socket.close();
  }
}

/** Waits until coturn answers a STUN Binding request on the port (it has started listening). */
async function untilAnswersStun(port: number) {
  const socket = dgram.createSocket('udp4');
  const answered = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  const binding = new Message(methods.BINDING, classes.REQUEST).bytes;
  const deadline = Date.now() + 15_000;
  try {
    while (Date.now() < deadline) {
      socket.send(binding, port, '127.0.0.1');
      const ok = await Promise.race([answered.then(() => true), new Promise((resolve) => setTimeout(resolve, 200, false))]);
      if (ok) return;
    }
    throw new Error('coturn did not answer on 127.0.0.1 within 15 s');
  } finally {
    socket.close();
  }
}
