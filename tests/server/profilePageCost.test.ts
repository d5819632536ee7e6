import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import profilePageQuery from '../../client/src/__generated__/ProfilePageQuery.graphql';
import { friendshipPairKey } from '../../server/src/database/keys';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

/**
 * The profile page loads with one GraphQL query (the client's own, read from its Relay artifact).
 * Its SQL statement count is pinned here, and it must not grow with the member's friends,
 * publications, likes or comments. The 5, relations and counts joined in by the database
 * (prisma/schema.prisma's relationJoins): the session with its user (authentication), the member
 * with the relation to the viewer either way, whether the viewer follows and the counts, the friends
 * page and the friends total (2), the publications page with its like and comment counts.
 */
const PROFILE_PAGE_STATEMENTS = 5;

let statements: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => app?.dispose());

const text = (profilePageQuery as unknown as { params: { text: string } }).params.text;

/** A member with `size` friends, publications (each liked and commented by the friends) and followers. */
async function memberWithActivity(size: number) {
  const owner = await registerAndLogin(app);
  const { prisma } = app.services;
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await prisma.user.createMany({
    data: Array.from({ length: size }, (_, i) => ({
      username: `f_${tag}_${i}`,
      email: `f.${tag}.${i}@example.ru`,
      passwordHash: 'x',
      firstName: 'Друг',
      lastName: String(i),
    })),
  });
  const friends = await prisma.user.findMany({ where: { username: { startsWith: `f_${tag}_` } }, select: { id: true } });
  await prisma.friendship.createMany({
    data: friends.map(({ id }, i) => ({
      pairKey: friendshipPairKey(owner.user.id, id),
      requesterId: i % 2 ? owner.user.id : id,
      addresseeId: i % 2 ? id : owner.user.id,
      status: 'accepted' as const,
    })),
  });
  await prisma.userFollow.createMany({ data: friends.map(({ id }) => ({ followerId: id, followeeId: owner.user.id })) });
  for (let i = 0; i < size; i++) {
    const post = await prisma.publication.create({ data: { authorId: owner.user.id, content: `Пост ${i}` } });
    await prisma.publicationLike.createMany({ data: friends.map(({ id }) => ({ publicationId: post.id, userId: id })) });
    await prisma.publicationComment.createMany({
      data: friends.slice(0, 3).map(({ id }) => ({ publicationId: post.id, authorId: id, content: 'Отлично!' })),
    });
  }
  return owner;
}

async function profilePage(username: string, token: string) {
  statements = [];
  const result = await app.graphql(text, { username }, { token });
  const count = statements.length;
  return { result, count };
}

describe('the profile page query', () => {
  it(`costs ${PROFILE_PAGE_STATEMENTS} SQL statements (authentication included), however much the member has`, async () => {
    const viewer = await registerAndLogin(app);
    const small = await memberWithActivity(2);
    const large = await memberWithActivity(15);

    const first = await profilePage(small.user.username, viewer.token);
    expect(first.result.errors).toBeUndefined();
    expect(first.result.data.userByUsername.friends.edges).toHaveLength(2);

    const second = await profilePage(large.user.username, viewer.token);
    expect(second.result.errors).toBeUndefined();
    const user = second.result.data.userByUsername;
    expect(user.friends.totalCount).toBe(15);
    expect(user.friends.edges).toHaveLength(12);
    expect(user.publications.totalCount).toBe(15);
    expect(user.publications.edges[0].node).toMatchObject({ content: 'Пост 14', likesCount: 15, commentsCount: 3 });
    expect(user).toMatchObject({ friendsCount: 15, followersCount: 15, friendshipStatus: 'NONE', canEdit: false });

    expect(second.count).toBe(first.count);
    expect(second.count).toBe(PROFILE_PAGE_STATEMENTS);
  });
});
