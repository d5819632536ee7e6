import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { friendshipPairKey } from '../../server/src/database/keys';

/**
 * The first-steps suggestions (issue 13, point 8): people sharing the most contacts first, then the
 * most recently active; never the viewer, contacts, requests waiting either way, blocks either way,
 * deactivated accounts. Publications: others', newest first, under the feed's visibility rule.
 */
let app: TestApp;
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
const m: Record<string, Member> = {};
const id = (name: string) => m[name]!.user.id as number;

const QUERY = `query ($people: Int, $publications: Int) {
  suggestions {
    people(first: $people) { databaseId friendshipStatus }
    publications(first: $publications) { databaseId content author { databaseId } viewerHasLiked }
  }
}`;

const at = (day: number) => new Date(Date.UTC(2030, 0, day));

beforeAll(async () => {
  app = await createTestApp();
  const names = [
    'viewer',
    'c1',
    'c2',
    'c3',
    'shared2',
    'shared1',
    'blockedByMe',
    'blocksMe',
    'asked',
    'asker',
    'inactive',
    'recent1',
    'recent2',
  ];
  for (const name of names) m[name] = await registerAndLogin(app);
  const prisma = app.db.prisma;
  const accepted = (a: string, b: string) => ({
    pairKey: friendshipPairKey(id(a), id(b)),
    requesterId: id(a),
    addresseeId: id(b),
    status: 'accepted' as const,
  });
  await prisma.friendship.createMany({
    data: [
      accepted('viewer', 'c1'),
      accepted('c2', 'viewer'),
      accepted('viewer', 'c3'),
      accepted('shared2', 'c1'),
      accepted('c2', 'shared2'),
      accepted('c3', 'shared1'),
      // Each of these shares contacts too, and would come first without the exclusions.
      ...['c1', 'c2', 'c3'].flatMap((c) => ['blockedByMe', 'blocksMe', 'asked', 'asker', 'inactive'].map((x) => accepted(c, x))),
      { ...accepted('viewer', 'blockedByMe'), status: 'blocked', blockedById: id('viewer') },
      { ...accepted('blocksMe', 'viewer'), status: 'blocked', blockedById: id('blocksMe') },
      { ...accepted('viewer', 'asked'), status: 'pending' },
      { ...accepted('asker', 'viewer'), status: 'pending' },
    ],
  });
  await prisma.user.update({ where: { id: id('inactive') }, data: { isActive: false } });
  // The most recent sign-ins belong to those who must not show: recency alone would put them first.
  await prisma.user.updateMany({ where: { id: { in: names.map(id) } }, data: { lastLogin: at(20) } });
  await prisma.user.update({ where: { id: id('shared2') }, data: { lastLogin: new Date(Date.UTC(2001, 0, 1)) } });
  await prisma.user.update({ where: { id: id('shared1') }, data: { lastLogin: null } });
  await prisma.user.update({ where: { id: id('recent1') }, data: { lastLogin: at(10) } });
  await prisma.user.update({ where: { id: id('recent2') }, data: { lastLogin: at(9) } });

  const publication = (author: string, day: number) => ({
    authorId: id(author),
    content: `${author} ${day}`,
    createdAt: at(day),
  });
  await prisma.publication.createMany({
    data: [
      publication('viewer', 30),
      publication('blockedByMe', 29),
      publication('blocksMe', 28),
      publication('inactive', 27),
      publication('recent1', 26),
      publication('c1', 25),
      publication('recent2', 24),
    ],
  });
});

afterAll(async () => {
  await app?.dispose();
});

describe('suggestions', () => {
  it('puts members sharing the most contacts first, then the most recently active, and leaves out who must not show', async () => {
    const result = await app.graphql(QUERY, { people: 4 }, { token: m.viewer!.token });
    expect(result.errors).toBeUndefined();
    const people = result.data.suggestions.people;
    expect(people.map((p: { databaseId: number }) => p.databaseId)).toEqual([
      id('shared2'),
      id('shared1'),
      id('recent1'),
      id('recent2'),
    ]);
    expect(people.every((p: { friendshipStatus: string }) => p.friendshipStatus === 'NONE')).toBe(true);

    const all = await app.graphql(QUERY, { people: 20 }, { token: m.viewer!.token });
    const shown = new Set(all.data.suggestions.people.map((p: { databaseId: number }) => p.databaseId));
    for (const name of ['viewer', 'c1', 'c2', 'c3', 'blockedByMe', 'blocksMe', 'asked', 'asker', 'inactive']) {
      expect(shown.has(id(name)), name).toBe(false);
    }
  });

  it('a new member (no contacts) gets the most recently active members', async () => {
    const fresh = await registerAndLogin(app);
    const result = await app.graphql(QUERY, { people: 3 }, { token: fresh.token });
    expect(result.errors).toBeUndefined();
    // Everyone signed in at day 20 except those changed above; the viewer's contacts and blocks do not apply here.
    const ids: number[] = result.data.suggestions.people.map((p: { databaseId: number }) => p.databaseId);
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(fresh.user.id);
    expect(ids).not.toContain(id('inactive'));
    const logins = await app.db.prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, lastLogin: true } });
    expect(logins.every((row) => row.lastLogin?.getTime() === at(20).getTime())).toBe(true);
  });

  it("lists others' publications newest first, without the viewer's own, blocked or deactivated authors", async () => {
    const result = await app.graphql(QUERY, { publications: 3 }, { token: m.viewer!.token });
    expect(result.errors).toBeUndefined();
    expect(result.data.suggestions.publications.map((p: { content: string }) => p.content)).toEqual([
      'recent1 26',
      'c1 25',
      'recent2 24',
    ]);
  });

  it('is for members only', async () => {
    const result = await app.graphql(QUERY, {});
    expect(result.errors?.[0]?.extensions?.code).toBeDefined();
    expect(result.data?.suggestions ?? null).toBeNull();
  });
});
