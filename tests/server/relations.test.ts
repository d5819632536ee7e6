import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database';
import type { PrismaClient } from '../../server/src/db';
import { directConversationKey, friendshipPairKey } from '../../server/src/database/keys';
import * as relations from '../../server/src/services/relations';
import { userSearchWhere } from '../../server/src/services/friendships';
import { friendshipStateOf, specFriendshipStatus } from '../../server/src/services/relations';
import { FEED_ORDER, visibleTo } from '../../server/src/services/publications';
import { equalsIgnoringCase } from '../../server/src/services/textMatch';
import { NotFoundError } from '../../server/src/services/errors';

// The domain rules of services/relations.ts (and their neighbours), called directly on a test database.

let db: TestDatabase;
let prisma: PrismaClient;
beforeAll(async () => {
  db = await openTestDatabase();
  prisma = db.prisma;
});
afterAll(() => db?.dispose());

let counter = 0;
const member = (fields: { firstName?: string; username?: string } = {}) => {
  counter += 1;
  return prisma.user.create({
    data: {
      username: fields.username ?? `member${counter}`,
      email: `member${counter}@example.ru`,
      firstName: fields.firstName ?? 'Анна',
      lastName: 'Иванова',
      passwordHash: 'not a hash',
    },
  });
};

const relate = (a: number, b: number, status: 'pending' | 'accepted' | 'blocked') =>
  prisma.friendship.create({
    data: {
      pairKey: friendshipPairKey(a, b),
      requesterId: a,
      addresseeId: b,
      status,
      blockedById: status === 'blocked' ? a : null,
    },
  });

const ascending = (values: number[]) => [...values].sort((x, y) => x - y);
// Members made at once get their ids in any order, so lists of ids are compared sorted.
const ids = (rows: { id: number }[]) => ascending(rows.map((row) => row.id));

describe('contacts', () => {
  it('are the accepted friendships, whichever side asked; never pending or blocked pairs', async () => {
    const [me, asked, askedMe, pending, blocked, stranger] = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    await relate(me.id, asked.id, 'accepted');
    await relate(askedMe.id, me.id, 'accepted');
    await relate(me.id, pending.id, 'pending');
    await relate(blocked.id, me.id, 'blocked');

    expect(ids(await prisma.user.findMany({ where: relations.contactsWhere(me.id) }))).toEqual(ascending([asked.id, askedMe.id]));
    expect(ascending(await relations.contactIds(prisma, me.id))).toEqual(ascending([asked.id, askedMe.id]));
    expect(await relations.areContacts(prisma, me.id, asked.id)).toBe(true);
    expect(await relations.areContacts(prisma, askedMe.id, me.id)).toBe(true);
    for (const other of [pending, blocked, stranger, me])
      expect(await relations.areContacts(prisma, me.id, other.id)).toBe(false);
  });
});

describe('blocking', () => {
  it('separates both members, either way, and nobody else', async () => {
    const [blocker, blocked, bystander] = await Promise.all([member(), member(), member()]);
    await relate(blocker.id, blocked.id, 'blocked');

    expect(await relations.blockedBetween(prisma, blocker.id, blocked.id)).toBe(true);
    expect(await relations.blockedBetween(prisma, blocked.id, blocker.id)).toBe(true);
    expect(await relations.blockedBetween(prisma, blocker.id, bystander.id)).toBe(false);
    await expect(relations.assertNotBlocked(prisma, blocked.id, blocker.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(relations.assertNotBlocked(prisma, bystander.id, blocker.id)).resolves.toBeUndefined();

    const three = { id: { in: [blocker.id, blocked.id, bystander.id] } };
    const seenBy = async (viewerId: number | null) =>
      ids(await prisma.user.findMany({ where: { ...three, ...relations.notBlockedWhere(viewerId) } }));
    expect(await seenBy(blocker.id)).toEqual(ascending([blocker.id, bystander.id]));
    expect(await seenBy(blocked.id)).toEqual(ascending([blocked.id, bystander.id]));
    expect(await seenBy(bystander.id)).toEqual(ascending([blocker.id, blocked.id, bystander.id]));
    expect(await seenBy(null)).toEqual(ascending([blocker.id, blocked.id, bystander.id]));
    expect(await relations.blockedUserIds(prisma, blocked.id)).toEqual([blocker.id]);
    expect(await relations.blockedUserIds(prisma, bystander.id)).toEqual([]);
  });
});

describe('the direct conversation key', () => {
  it('is the same for both orders of a pair and different for another pair', () => {
    expect(directConversationKey(7, 3)).toBe(directConversationKey(3, 7));
    expect(directConversationKey(3, 7)).not.toBe(directConversationKey(3, 8));
    expect(() => directConversationKey(3, 3)).toThrow();
  });
});

describe('the friendship status', () => {
  it("maps each state of the pair to the spec's friendship_status", async () => {
    const row = (status: 'pending' | 'accepted' | 'blocked', by: number) => ({ status, requesterId: by, blockedById: by });
    const cases = [
      [null, 'none', null],
      [row('pending', 1), 'pending-outgoing', 'pending'],
      [row('pending', 2), 'pending-incoming', 'pending'],
      [row('accepted', 2), 'accepted', 'accepted'],
      [row('blocked', 1), 'blocked-by-me', 'blocked'],
      [row('blocked', 2), 'blocked-by-them', 'blocked'],
    ] as const;
    for (const [pair, state, spec] of cases) {
      expect(friendshipStateOf(pair, 1)).toBe(state);
      expect(specFriendshipStatus(state)).toBe(spec);
    }
  });
});

describe("a member's publications", () => {
  it('are newest first and hidden across a block', async () => {
    const [author, reader, blocked] = await Promise.all([member(), member(), member()]);
    await relate(author.id, blocked.id, 'blocked');
    const older = await prisma.publication.create({
      data: { authorId: author.id, content: 'a', createdAt: new Date(2024, 0, 2) },
    });
    // Created later with an earlier date: the date orders, not the id.
    const oldest = await prisma.publication.create({
      data: { authorId: author.id, content: 'b', createdAt: new Date(2024, 0, 1) },
    });
    const newest = await prisma.publication.create({
      data: { authorId: author.id, content: 'c', createdAt: new Date(2024, 0, 3) },
    });
    const list = (viewerId: number) =>
      prisma.publication.findMany({ where: { authorId: author.id, ...visibleTo(viewerId) }, orderBy: FEED_ORDER });
    expect((await list(reader.id)).map((p) => p.id)).toEqual([newest.id, older.id, oldest.id]);
    expect(await list(blocked.id)).toEqual([]);
  });
});

describe('user search', () => {
  it('takes % and _ literally', async () => {
    const plain = await member({ firstName: 'Обычный' });
    const percent = await member({ firstName: 'Сто%%процентов' });
    const underscore = await member({ username: 'two__underscores' });
    const scope = { id: { in: [plain.id, percent.id, underscore.id] } };
    const found = async (text: string) =>
      ids(await prisma.user.findMany({ where: { ...scope, ...userSearchWhere(text, { id: 0, role: 'user' }) } }));
    expect(await found('%%')).toEqual([percent.id]);
    expect(await found('__')).toEqual([underscore.id]);
    expect(await found('%')).toEqual([percent.id]);
    expect(await found('_')).toEqual([underscore.id]);
    expect(await found('обычн')).toEqual([plain.id]);
    const byUsername = (text: string) => prisma.user.findFirst({ where: { ...scope, username: equalsIgnoringCase(text) } });
    expect(await byUsername('two%')).toBeNull();
    expect(await byUsername('TWO__UNDERSCORES')).toMatchObject({ id: underscore.id });
    expect(await byUsername(underscore.username.replace('__', '_x'))).toBeNull();
  });
});
