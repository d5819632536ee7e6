import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer } from '../support/app';
import { startSession } from '../../server/src/auth/sessions';
import { friendshipPairKey } from '../../server/src/database/keys';
import type { Services } from '../../server/src/services/container';
import type { Config } from '../../server/src/config';
import { wsClients } from '../support/ws';

let counter = 0;

export type Member = { id: number; globalId: string; token: string; username: string };

/**
 * A member made directly in the database with a live session (registration through REST hashes a
 * password with argon2, which would make the limit tests, with a dozen people, slow).
 */
export async function quickMember(services: Services, firstName = 'Участник'): Promise<Member> {
  counter += 1;
  const username = `m${Date.now().toString(36)}${counter}`;
  const user = await services.prisma.user.create({
    data: { username, email: `${username}@example.ru`, passwordHash: 'unused', firstName, lastName: `№${counter}` },
  });
  const { token } = await startSession(services.prisma, services.tokenSecret, user.id, 3600, { ip: 'test', userAgent: null });
  return { id: user.id, globalId: encodeGlobalID('User', user.id), token, username };
}

export async function befriend(services: Services, a: Member, b: Member) {
  await services.prisma.friendship.create({
    data: { pairKey: friendshipPairKey(a.id, b.id), requesterId: a.id, addresseeId: b.id, status: 'accepted' },
  });
}

export const roomGlobalId = (id: number) => encodeGlobalID('Room', id);
export const classGlobalId = (id: number) => encodeGlobalID('MeetingClass', id);

export const JOIN_ROOM = `mutation($roomId: ID!) {
  joinRoom(roomId: $roomId) {
    __typename
    ... on Error { message }
    ... on LimitReachedError { limit }
    ... on JoinRoomSuccess { room { databaseId participantCount } participants { user { databaseId } } }
  }
}`;

/** GraphQL over HTTP and graphql-ws clients against a running test server, as a member. */
export function memberClients(server: { url: string }) {
  const ws = wsClients();
  return {
    async graphql(member: Member, query: string, variables: Record<string, unknown> = {}, locale = 'ru') {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'accept-language': locale },
        body: JSON.stringify({ query, variables }),
      });
      return response.json();
    },
    connect: (member: Member) => ws.connect(server.url, { token: member.token, lazy: false }),
    dispose: ws.dispose,
  };
}

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/**
 * The test server of a test file about meetings and its members' clients: started before the file's
 * tests, stopped after them; with the requests those tests make.
 */
export function meetingTestServer(config: Partial<Config> = {}) {
  let server: TestServer | undefined;
  let clients: ReturnType<typeof memberClients> | undefined;
  beforeAll(async () => {
    server = await startTestServer(config);
    clients = memberClients(server);
  });
  afterAll(async () => {
    await clients?.dispose();
    await server?.dispose();
  });
  const meeting = {
    get server() {
      return server!;
    },
    get clients() {
      return clients!;
    },
    /** GraphQL over HTTP as `member`: a GraphQL error fails the test; answers `data`. */
    async gql(member: Member, query: string, variables: Record<string, unknown> = {}, locale = 'ru') {
      const body = await meeting.clients.graphql(member, query, variables, locale);
      expect(body.errors).toBeUndefined();
      return body.data;
    },
    /** A room with `people` in it now, each joined through the API as a browser does. */
    async roomWith(people: Member[]) {
      const room = await meeting.server.services.prisma.room.create({ data: { name: 'Комната', maxParticipants: 20 } });
      for (const member of people) {
        const body = await meeting.clients.graphql(member, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
        expect(body.data.joinRoom.__typename).toBe('JoinRoomSuccess');
      }
      return room;
    },
  };
  return meeting;
}
