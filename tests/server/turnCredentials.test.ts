import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { mintTurnCredentials } from '../../server/src/sfu/turnCredentials';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember } from './meetingSupport';

/**
 * TURN credentials in the scheme coturn checks with `use-auth-secret` (the "TURN REST API"): the
 * server mints them per member in meetingConfig. tests/server/turnRelay.test.ts shows coturn itself
 * accepting and refusing them.
 */
describe('minting TURN credentials', () => {
  it('makes `<expiry>:<member id>` and base64(HMAC-SHA1(secret, username))', () => {
    const now = new Date(1_790_000_000_000);
    const minted = mintTurnCredentials({
      secret: 'north-wind',
      urls: ['turn:turn.example.org:3478'],
      ttlSeconds: 86400,
      memberId: 42,
      now,
    });
    // The credential as openssl computes it: printf 1790086400:42 | openssl dgst -sha1 -hmac north-wind -binary | base64
    expect(minted).toEqual({
      urls: ['turn:turn.example.org:3478'],
      username: '1790086400:42',
      credential: 'arLgZl60z2Tk6z2Q0qbNKiCg//o=',
    });
  });
});

describe('TURN settings', () => {
  const turnEnv = { TURN_URLS: 'turn:turn.example.org:3478, turns:turn.example.org:5349?transport=tcp', TURN_SECRET: 's3cret' };

  it('reads the relays, the secret and the credential lifetime (a day by default)', () => {
    expect(loadConfig(turnEnv).turn).toEqual({
      urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349?transport=tcp'],
      secret: 's3cret',
      credentialTtlSeconds: 86400,
    });
    expect(loadConfig({ ...turnEnv, TURN_CREDENTIAL_TTL_SECONDS: '3600' }).turn?.credentialTtlSeconds).toBe(3600);
    expect(loadConfig({}).turn).toBeUndefined();
    expect(loadConfig({}).iceTransportPolicy).toBe('all');
  });

  it('refuses to start with relays and no secret, a secret and no relays, or something that is not a TURN URI', () => {
    expect(() => loadConfig({ TURN_URLS: turnEnv.TURN_URLS })).toThrow('TURN_URLS and TURN_SECRET go together');
    expect(() => loadConfig({ TURN_SECRET: 's3cret' })).toThrow('TURN_URLS and TURN_SECRET go together');
    expect(() => loadConfig({ ...turnEnv, TURN_URLS: 'stun:stun.example.org' })).toThrow(
      'TURN_URLS must be comma-separated turn: or turns: URIs, not stun:stun.example.org',
    );
    expect(() => loadConfig({ ...turnEnv, TURN_CREDENTIAL_TTL_SECONDS: '-5' })).toThrow(/TURN_CREDENTIAL_TTL_SECONDS/);
  });

  it('has a relay-only test mode, which needs a TURN server to relay through', () => {
    expect(loadConfig({ ...turnEnv, ICE_TRANSPORT_POLICY: 'relay' }).iceTransportPolicy).toBe('relay');
    const staticTurn = JSON.stringify([{ urls: 'turn:relay.example.org', username: 'u', credential: 'p' }]);
    expect(loadConfig({ ICE_SERVERS: staticTurn, ICE_TRANSPORT_POLICY: 'relay' }).iceTransportPolicy).toBe('relay');
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'relay' })).toThrow('ICE_TRANSPORT_POLICY=relay needs a TURN server');
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'host' })).toThrow('ICE_TRANSPORT_POLICY must be all or relay');
  });
});

const MEETING_CONFIG = '{ meetingConfig { iceServers { urls username credential } iceTransportPolicy } }';
const STUN = { urls: 'stun:stun.example.org:3478' };
const TURN = { urls: ['turn:turn.example.org:3478'], secret: 'north-wind', credentialTtlSeconds: 600 };

describe('meetingConfig with TURN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ iceServers: [STUN], turn: TURN, iceTransportPolicy: 'relay' });
  });
  afterAll(() => app?.dispose());

  it('gives each member the STUN servers and a TURN entry of their own, valid for the configured lifetime', async () => {
    const [anna, boris] = await Promise.all([quickMember(app.services), quickMember(app.services)]);
    const before = Math.floor(Date.now() / 1000);
    const [forAnna, forBoris] = await Promise.all(
      [anna, boris].map(async (member) => (await app.graphql(MEETING_CONFIG, {}, { token: member.token })).data.meetingConfig),
    );
    const after = Math.floor(Date.now() / 1000);
    expect(forAnna.iceTransportPolicy).toBe('RELAY');
    expect(forAnna.iceServers).toHaveLength(2);
    expect(forAnna.iceServers[0]).toEqual({ urls: [STUN.urls], username: null, credential: null });

    for (const [member, config] of [
      [anna, forAnna],
      [boris, forBoris],
    ] as const) {
      const turn = config.iceServers[1];
      expect(turn.urls).toEqual(TURN.urls);
      const [expiry, memberId] = turn.username.split(':');
      expect(memberId).toBe(String(member.id));
      expect(Number(expiry)).toBeGreaterThanOrEqual(before + TURN.credentialTtlSeconds);
      expect(Number(expiry)).toBeLessThanOrEqual(after + TURN.credentialTtlSeconds);
      // What coturn computes from the username with the shared secret.
      expect(turn.credential).toBe(createHmac('sha1', TURN.secret).update(turn.username).digest('base64'));
    }
    expect(forBoris.iceServers[1].username).not.toBe(forAnna.iceServers[1].username);
    expect(forBoris.iceServers[1].credential).not.toBe(forAnna.iceServers[1].credential);
  });

  it('gives a visitor who is not signed in nothing, TURN credentials least of all', async () => {
    const answer = await app.graphql(MEETING_CONFIG, {});
    expect(answer.data?.meetingConfig ?? null).toBeNull();
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(answer)).not.toContain('turn:');
  });
});

describe('meetingConfig without TURN', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ iceServers: [STUN] });
  });
  afterAll(() => app?.dispose());

  it('gives STUN only, and lets browsers use every candidate', async () => {
    const member = await quickMember(app.services);
    const { data } = await app.graphql(MEETING_CONFIG, {}, { token: member.token });
    expect(data.meetingConfig).toEqual({
      iceServers: [{ urls: [STUN.urls], username: null, credential: null }],
      iceTransportPolicy: 'ALL',
    });
  });
});
