import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Client } from 'graphql-ws';
import { meetingTestServer, memberClients, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { createTestApp } from '../support/app';
import { createServices } from '../../server/src/services/container';
import { enterCallPresence } from '../../server/src/services/callPresence';
import { startServer } from '../../server/src/server';
import type { Config } from '../../server/src/config';
import { createTestDatabase } from '../support/database';
import { registerAndLogin } from '../support/members';
import { serverProcesses } from '../support/serverProcess';
import { wsClients } from '../support/ws';
import { freePort } from '../support/freePort';

/**
 * Several server processes share the database (two behind nginx; or one run after another). Each is
 * recorded as alive and holds the presence of the members connected to it (services/callPresence.ts):
 * the members of a process that dies without a word (kill -9, out of memory) get the presence grace
 * of a drop and then leave as leaving does, while a process that starts leaves the members of a live
 * one alone.
 */
const GRACE_SECONDS = 1.5;
const BEAT_SECONDS = 0.2;
const PRESENCE: Partial<Config> = { callPresenceGraceSeconds: GRACE_SECONDS, processHeartbeatSeconds: BEAT_SECONDS };
const meeting = meetingTestServer(PRESENCE);
const { gql } = meeting;

const LAUNCH = `mutation($roomId: ID!, $quiz: QuizSetupInput) {
  launchActivity(roomId: $roomId, kind: QUIZ, quiz: $quiz) { __typename ... on ActivitySessionPayload { session { databaseId } } }
}`;
const QUIZ = { questions: [{ prompt: 'Сколько минут в часе?', type: 'MULTIPLE', options: ['60', '100'], correctIndex: 0 }] };
const ROOM_STATE = `query($roomId: ID!) {
  node(id: $roomId) { ... on Room { participants { user { databaseId } } currentActivity { status host { databaseId } } } }
}`;

type Event = { kind: string; senderDatabaseId: number };

/** The member's call events as they arrive (holding them is being present, as the meeting page does). */
function callEvents(client: Client) {
  const received: Event[] = [];
  client.subscribe<{ callEvents: Event }>(
    { query: 'subscription { callEvents { kind senderDatabaseId } }' },
    { next: (value) => received.push(value.data!.callEvents), error: () => {}, complete: () => {} },
  );
  return (from: Member) => received.filter((event) => event.senderDatabaseId === from.id).map((event) => event.kind);
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = (check: () => unknown, timeoutMs = 4000) => vi.waitFor(check, { timeout: timeoutMs, interval: 50 });
const participantIds = (state: { participants: { user: { databaseId: number } }[] }) =>
  state.participants.map((participant) => participant.user.databaseId).sort((a, b) => a - b);

describe('members of a server process that died', () => {
  it('leave their rooms when the grace counted from its last beat ends, the host with their activity; members connected to a live process stay', async () => {
    const { services } = meeting.server;
    const [host, guest, twoTabs] = await Promise.all([
      quickMember(services, 'Хозяйка'),
      quickMember(services, 'Гость'),
      quickMember(services, 'Две вкладки'),
    ]);
    // The guest and the member with two tabs are connected to this process...
    const guestSees = callEvents(meeting.clients.connect(guest));
    callEvents(meeting.clients.connect(twoTabs));
    await settle(200);
    const room = await meeting.roomWith([host, guest, twoTabs]);
    const roomId = roomGlobalId(room.id);
    expect((await gql(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.__typename).toBe('ActivitySessionPayload');

    // ...and the host (and the second tab) to another process on the same database, which then dies:
    // it beats no more and its sockets vanish without their end ever being seen (no stopCallPresence).
    const other = createServices(services.config, services.db, { log: services.log });
    enterCallPresence(other, host.id);
    enterCallPresence(other, twoTabs.id);
    const heldByOther = { presences: { some: { userId: host.id } } };
    const { id: otherId, heartbeatAt: lastBeat } = await vi.waitFor(() =>
      services.prisma.appProcess.findFirstOrThrow({ where: heldByOther }),
    );
    await waitFor(async () => expect(await services.prisma.callPresence.count({ where: { processId: otherId } })).toBe(2));
    await other.close();

    // This process takes it for dead after three missed beats and gives its members the grace of a
    // drop at its last beat: the host leaves when it ends, as leaving does (the room is told, their
    // activity ends); the member still connected here keeps their place.
    await waitFor(
      () => expect(guestSees(host)).toEqual(['LEFT']),
      (GRACE_SECONDS + 3 * BEAT_SECONDS + GRACE_SECONDS) * 1000 + 4000,
    );
    const left = await services.prisma.callSignal.findFirstOrThrow({
      where: { senderId: host.id, recipientId: guest.id, kind: 'LEFT' },
    });
    expect(left.createdAt.getTime()).toBeGreaterThanOrEqual(lastBeat.getTime() + GRACE_SECONDS * 1000);
    const state = (await gql(guest, ROOM_STATE, { roomId })).node;
    expect(participantIds(state)).toEqual([guest.id, twoTabs.id].sort((a, b) => a - b));
    expect(state.currentActivity).toBeNull();
    expect(guestSees(twoTabs)).toEqual(['JOINED']);
    // The dead process is forgotten, with the presence it held.
    expect(await services.prisma.appProcess.count({ where: { id: otherId } })).toBe(0);
    expect(await services.prisma.callPresence.count({ where: { userId: twoTabs.id } })).toBe(1);
  });
});

describe('a server process that starts', () => {
  it('leaves alone the members connected to another live process, and the activity they run', async () => {
    const { services } = meeting.server;
    const [host, guest] = await Promise.all([quickMember(services, 'Хозяйка'), quickMember(services, 'Гость')]);
    const hostSees = callEvents(meeting.clients.connect(host));
    const guestSees = callEvents(meeting.clients.connect(guest));
    await settle(200);
    const room = await meeting.roomWith([host, guest]);
    const roomId = roomGlobalId(room.id);
    expect((await gql(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.__typename).toBe('ActivitySessionPayload');

    // The other process of two starts again (a deploy) on the same database while this one serves.
    const second = await startServer({ database: services.db, config: services.config, services: { log: services.log } });
    try {
      // Longer than its grace and the liveness timeout together: nothing ends.
      await settle((GRACE_SECONDS + 3 * BEAT_SECONDS) * 1000 + 1000);
      const state = (await gql(guest, ROOM_STATE, { roomId })).node;
      expect(participantIds(state)).toEqual([host.id, guest.id].sort((a, b) => a - b));
      expect(state.currentActivity).toEqual({ status: 'ACTIVE', host: { databaseId: host.id } });
      expect(guestSees(host)).toEqual([]);
      expect(hostSees(guest)).toEqual(['JOINED']);
    } finally {
      await second.close();
    }
  });
});

describe('a single server process started again after it was killed', () => {
  it("ends the previous run's stays as leaving does: the room is told, the host's activity ends", async () => {
    // The previous run: members in a room, the host running a quiz, connected to it; then killed: it beat
    // once, as it registered (its heartbeat is started by a server's start, which it never had), and
    // never says that they are gone (no stopCallPresence).
    const previous = await createTestApp(PRESENCE);
    const [host, guest, bystander] = await Promise.all([
      quickMember(previous.services, 'Хозяйка'),
      quickMember(previous.services, 'Гость'),
      quickMember(previous.services, 'Без сокета'),
    ]);
    const gqlBefore = async (member: Member, query: string, variables: Record<string, unknown>) => {
      const body = await previous.graphql(query, variables, { token: member.token });
      expect(body.errors).toBeUndefined();
      return body.data;
    };
    const room = await previous.services.prisma.room.create({ data: { name: 'Комната', maxParticipants: 20 } });
    const roomId = roomGlobalId(room.id);
    for (const member of [host, guest]) {
      expect((await gqlBefore(member, JOIN_ROOM, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
      enterCallPresence(previous.services, member.id);
    }
    // One more joined without ever being connected (no process holds them): nobody keeps that stay either.
    expect((await gqlBefore(bystander, JOIN_ROOM, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
    const session = (await gqlBefore(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.session;
    await waitFor(async () => expect(await previous.services.prisma.callPresence.count()).toBe(2));

    // Started again on its database and data folder (its token secret: the members' sessions still hold).
    const next = await startServer({
      database: previous.db,
      config: { ...previous.services.config, port: 0, host: '127.0.0.1' },
      services: { log: previous.services.log },
    });
    try {
      const { prisma } = next.services;
      await waitFor(
        async () => expect(await prisma.roomParticipant.count({ where: { roomId: room.id, leftAt: null } })).toBe(0),
        (GRACE_SECONDS + 3 * BEAT_SECONDS) * 1000 + 4000,
      );
      // The activity no longer runs: whoever comes back finds the room free of it, not a quiz whose host is gone.
      expect((await prisma.activitySession.findUniqueOrThrow({ where: { id: session.databaseId } })).status).toBe('ended');
      const leftSignals = await prisma.callSignal.findMany({ where: { roomId: room.id, kind: 'LEFT' } });
      // Each who left told those still there: two, then one, then nobody.
      expect(leftSignals).toHaveLength(3);
      const clients = memberClients(next);
      expect((await clients.graphql(guest, JOIN_ROOM, { roomId })).data.joinRoom.__typename).toBe('JoinRoomSuccess');
      expect((await clients.graphql(guest, ROOM_STATE, { roomId })).data.node).toEqual({
        participants: [{ user: { databaseId: guest.id } }],
        currentActivity: null,
      });
    } finally {
      await next.close();
      await previous.dispose();
    }
  });
});

/**
 * The same with two real processes (server/src/main.ts) on one PostgreSQL database (and the local Redis
 * when REDIS_URL_TEST is given, as deployed), one of them killed with SIGKILL.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)('two server processes, one killed', () => {
  it("the members connected to the killed one leave their rooms after the grace; the host's activity ends", async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-killed-'));
    const servers = serverProcesses();
    const ws = wsClients();
    try {
      const env = {
        DATABASE_URL: database.url,
        ...(process.env.REDIS_URL_TEST
          ? { REDIS_URL: process.env.REDIS_URL_TEST, REDIS_KEY_PREFIX: `linkup-test-${crypto.randomUUID()}:` }
          : { REDIS_URL: '' }),
        DATA_DIR: dataDir,
        TOKEN_SECRET: 'killed-process-test-secret',
        CALL_PRESENCE_GRACE_SECONDS: String(GRACE_SECONDS),
        PROCESS_HEARTBEAT_SECONDS: String(BEAT_SECONDS),
        LOG_LEVEL: 'error',
      };
      const [survivor, doomed] = [await servers.start(await freePort(), env), await servers.start(await freePort(), env)];
      const [host, guest] = [await registerAndLogin(survivor), await registerAndLogin(survivor)];
      const graphql = async (member: { token: string }, query: string, variables: Record<string, unknown> = {}) => {
        const response = await fetch(`${survivor}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
          body: JSON.stringify({ query, variables }),
        });
        const body = await response.json();
        expect(body.errors).toBeUndefined();
        return body.data;
      };
      // The host's page is connected to the process that will be killed, the guest's to the other.
      callEvents(ws.connect(doomed, { token: host.token }));
      const guestSees = callEvents(ws.connect(survivor, { token: guest.token }));
      await settle(500);
      const created = await graphql(
        host,
        `
          mutation {
            createRoom(input: { name: "Комната" }) {
              __typename
              ... on RoomPayload {
                room {
                  id
                }
              }
            }
          }
        `,
      );
      const roomId = created.createRoom.room.id;
      for (const member of [host, guest])
        expect((await graphql(member, JOIN_ROOM, { roomId })).joinRoom.__typename).toBe('JoinRoomSuccess');
      expect((await graphql(host, LAUNCH, { roomId, quiz: QUIZ })).launchActivity.__typename).toBe('ActivitySessionPayload');

      await servers.kill(1);
      const hostMember = { id: host.member.id } as Member;
      await waitFor(() => expect(guestSees(hostMember)).toEqual(['LEFT']), (2 * GRACE_SECONDS + 3 * BEAT_SECONDS) * 1000 + 6000);
      expect((await graphql(guest, ROOM_STATE, { roomId })).node).toEqual({
        participants: [{ user: { databaseId: guest.member.id } }],
        currentActivity: null,
      });
    } finally {
      await ws.dispose();
      await servers.stopAll();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
