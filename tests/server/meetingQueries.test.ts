import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database';
import { loadConfig } from '../../server/src/config';
import { createServices, type Services } from '../../server/src/services/container';
import { createApp } from '../../server/src/http';
import { createLogger } from '../../server/src/logger';
import { befriend, quickMember, type Member } from './meetingSupport';

/** The meeting area's page costs the same number of SQL statements however many classes, rooms and people. */
let db: TestDatabase;
let services: Services;
let app: ReturnType<typeof createApp>;
let statements = 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-test-'));

beforeAll(async () => {
  db = await openTestDatabase({ onQuery: () => (statements += 1) });
  services = createServices(loadConfig({}, { dataDir, clientDir: path.join(dataDir, 'client') }), db, {
    log: createLogger('warn'),
  });
  app = createApp(services);
});
afterAll(async () => {
  await services?.close();
  await db?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PAGE = `{
  viewer { id databaseId firstName fullName }
  meetingConfig { iceServers { urls } }
  meetingContacts { id fullName username isOnline }
  meetingClasses {
    id name memberCount viewerRole viewerCan { createRoom openSettings }
    rooms { id name type maxParticipants participantCount viewerCanDelete participants { muted user { fullName } } }
  }
  meetingRooms { id name participantCount viewerCanDelete }
}`;

async function statementsForPage(viewer: Member) {
  statements = 0;
  const response = await app.fetch(
    new Request('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewer.token}` },
      body: JSON.stringify({ query: PAGE }),
    }),
  );
  const body = await response.json();
  expect(body.errors).toBeUndefined();
  return { count: statements, data: body.data };
}

async function addClassWithRooms(owner: Member, people: Member[]) {
  const meetingClass = await services.prisma.meetingClass.create({
    data: {
      name: 'Класс',
      members: {
        create: [owner, ...people].map((m, i) => ({ userId: m.id, role: i === 0 ? ('admin' as const) : ('member' as const) })),
      },
    },
  });
  for (let i = 0; i < 3; i++) {
    const room = await services.prisma.room.create({ data: { name: `Комната ${i}`, classId: meetingClass.id } });
    await services.prisma.roomParticipant.createMany({ data: people.map((p) => ({ roomId: room.id, userId: p.id })) });
  }
  await services.prisma.room.create({ data: { name: 'Без класса' } });
}

it('loads the page with a constant number of statements', async () => {
  const viewer = await quickMember(services);
  const first = await Promise.all([1, 2].map(() => quickMember(services)));
  await befriend(services, viewer, first[0]!);
  await addClassWithRooms(viewer, first);
  // The first read of a fresh database writes the default subscription plans, once (listPlans).
  await statementsForPage(viewer);
  const small = await statementsForPage(viewer);
  expect(small.data.meetingClasses[0].rooms[0].participants).toHaveLength(2);

  const more = await Promise.all([1, 2, 3, 4].map(() => quickMember(services)));
  for (const friend of more) await befriend(services, viewer, friend);
  await addClassWithRooms(viewer, more);
  await addClassWithRooms(viewer, more);
  const large = await statementsForPage(viewer);
  expect(large.data.meetingClasses).toHaveLength(3);
  expect(large.data.meetingContacts).toHaveLength(5);
  expect(large.count).toBe(small.count);
});
