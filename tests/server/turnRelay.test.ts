import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection, classes, createTurnClient, methods, Message, type RTCDataChannel, type RTCIceServer } from 'werift';
import { mintTurnCredentials } from '../../server/src/sfu/turnCredentials';
import { createTestApp, type TestApp } from '../support/app';
import { coturnInstalled, startCoturn, testCoturnLines, type Coturn } from '../support/coturn';
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
const SECRET = 'coturn-test-secret';
// Two coturns, each with its own listening port and four relay ports.
const PORT = 18190;
const DEPLOY_PORT = 18195;
const URLS = [`turn:127.0.0.1:${PORT}?transport=udp`];

describe.skipIf(!coturnInstalled && !process.env.CI)('TURN credentials against coturn', () => {
  let coturn: Coturn;
  let app: TestApp;

  beforeAll(async () => {
    [coturn, app] = await Promise.all([
      startCoturn(PORT, testCoturnLines(SECRET)),
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

describe.skipIf(!coturnInstalled && !process.env.CI)('deploy/turnserver.conf', () => {
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
