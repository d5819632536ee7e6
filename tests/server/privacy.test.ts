import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { friendshipPairKey } from '../../server/src/database/keys';
import { friendshipState } from '../../server/src/services/relations';
import { personalFieldVisible, personalFieldVisibleWhere, VISIBILITIES } from '../../server/src/services/privacy';

/**
 * Personal fields (email, phone, birth date, last login) of a member, read by the owner, an admin,
 * a contact (accepted friend), a stranger and a member the owner blocked, on every path that shows
 * a member: the two REST profile paths, a friends list, and GraphQL.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

type Personal = { email: unknown; phone: unknown; birth_date: unknown; last_login: unknown };
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
const FIELDS = ['email', 'phone', 'birth_date', 'last_login'] as const;

/** What `reader` sees of `owner`'s personal fields on each path (null: hidden or not shown at all). */
async function personalFieldsSeen(owner: Member, contact: Member, reader: Member): Promise<Record<string, Personal>> {
  const pick = (user: Record<string, unknown> | null | undefined): Personal =>
    Object.fromEntries(FIELDS.map((field) => [field, user?.[field] ?? null])) as Personal;
  const json = async (path: string) => {
    const response = await app.request('GET', path, { token: reader.token });
    return response.status === 200 ? response.json() : null;
  };
  const byId = await json(`/users/${owner.user.id}/profile`);
  const byName = await json(`/users/profile/${owner.user.username}`);
  const friends: Record<string, unknown>[] | null = await json(`/users/${contact.user.id}/friends`);
  const graphql = await app.graphql(
    `query ($id: ID!) { node(id: $id) { ... on User { email phone birth_date: birthDate last_login: lastLogin } } }`,
    { id: encodeGlobalID('User', owner.user.id) },
    { token: reader.token },
  );
  return {
    'GET /users/{id}/profile': pick(byId?.user),
    'GET /users/profile/{username}': pick(byName),
    'GET /users/{id}/friends': pick(friends?.find((friend) => friend.id === owner.user.id)),
    'GraphQL User': pick(graphql.data?.node),
  };
}

describe('personal fields follow the owner’s privacy settings', () => {
  let owner: Member, admin: Member, contact: Member, stranger: Member, blocked: Member;
  let values: Personal;

  beforeAll(async () => {
    [owner, admin, contact, stranger, blocked] = await Promise.all(Array.from({ length: 5 }, () => registerAndLogin(app)));
    const { prisma } = app.services;
    await prisma.user.update({ where: { id: admin.user.id }, data: { role: 'admin' } });
    const saved = await app.request('PATCH', '/users/profile', {
      token: owner.token,
      json: { phone: '+79991234567', birth_date: '1990-05-17' },
    });
    expect(saved.status).toBe(200);
    for (const [from, to] of [
      [owner, contact],
      [contact, owner],
    ] as const) {
      const request = await app.graphql(
        `mutation ($id: ID!) { sendFriendRequest(userId: $id) { __typename } }`,
        { id: encodeGlobalID('User', to.user.id) },
        { token: from.token },
      );
      expect(request.data?.sendFriendRequest.__typename).toBe('FriendshipChange');
    }
    const block = await app.request('POST', `/users/${blocked.user.id}/block`, { token: owner.token });
    expect(block.status).toBeLessThan(300);
    const row = await prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } });
    values = {
      email: row.email,
      phone: '+79991234567',
      birth_date: '1990-05-17',
      last_login: row.lastLogin!.toISOString(),
    };
  });

  const expectSeen = (seen: Record<string, Personal>, visible: Partial<Record<keyof Personal, boolean>>) => {
    const expected = Object.fromEntries(FIELDS.map((field) => [field, visible[field] ? values[field] : null])) as Personal;
    for (const [path, fields] of Object.entries(seen)) expect({ path, ...fields }).toEqual({ path, ...expected });
  };
  const all = { email: true, phone: true, birth_date: true, last_login: true };

  it('by default: the owner and admins see everything, contacts the email and birth date, others nothing', async () => {
    expectSeen(await personalFieldsSeen(owner, contact, owner), all);
    expectSeen(await personalFieldsSeen(owner, contact, admin), all);
    expectSeen(await personalFieldsSeen(owner, contact, contact), { email: true, birth_date: true });
    expectSeen(await personalFieldsSeen(owner, contact, stranger), {});
    expectSeen(await personalFieldsSeen(owner, contact, blocked), {});
  });

  it('as the owner chooses: "everyone" reaches strangers but never a blocked member nor the last login', async () => {
    const update = (input: Record<string, string>) =>
      app.graphql(
        `mutation ($input: UpdatePrivacySettingsInput!) {
          updatePrivacySettings(input: $input) {
            __typename ... on ProfileChange { message user { privacy { email phone birthDate } } }
          }
        }`,
        { input },
        { token: owner.token },
      );
    const everyone = await update({ email: 'EVERYONE', phone: 'EVERYONE', birthDate: 'EVERYONE' });
    expect(everyone.data?.updatePrivacySettings).toEqual({
      __typename: 'ProfileChange',
      message: 'Настройки приватности сохранены',
      user: { privacy: { email: 'EVERYONE', phone: 'EVERYONE', birthDate: 'EVERYONE' } },
    });
    expectSeen(await personalFieldsSeen(owner, contact, stranger), { email: true, phone: true, birth_date: true });
    expectSeen(await personalFieldsSeen(owner, contact, contact), { email: true, phone: true, birth_date: true });
    expectSeen(await personalFieldsSeen(owner, contact, blocked), {});

    await update({ email: 'NOBODY', birthDate: 'CONTACTS' });
    expectSeen(await personalFieldsSeen(owner, contact, contact), { phone: true, birth_date: true });
    expectSeen(await personalFieldsSeen(owner, contact, stranger), { phone: true });
    expectSeen(await personalFieldsSeen(owner, contact, admin), all);
    expectSeen(await personalFieldsSeen(owner, contact, owner), all);
  });

  it('shows the settings to their owner only', async () => {
    const read = (reader: Member) =>
      app.graphql(
        `query ($id: ID!) { node(id: $id) { ... on User { privacy { email phone birthDate } } } }`,
        { id: encodeGlobalID('User', owner.user.id) },
        { token: reader.token },
      );
    expect((await read(owner)).data?.node.privacy).toEqual({ email: 'NOBODY', phone: 'EVERYONE', birthDate: 'CONTACTS' });
    expect((await read(contact)).data?.node.privacy).toBeNull();
    expect((await read(admin)).data?.node.privacy).toBeNull();
  });

  it('shows the signing-in member their own email', async () => {
    const login = await app.request('POST', '/auth/login', {
      json: { email: owner.member.email, password: owner.member.password },
    });
    expect((await login.json()).user.email).toBe(owner.member.email);
  });
});

describe('search matches an email only where the searcher may see it', () => {
  it('finds a member by email for a contact and an admin, not for a stranger or a moderator', async () => {
    const [owner, contact, stranger, moderator, admin] = await Promise.all(
      Array.from({ length: 5 }, () => registerAndLogin(app)),
    );
    const { prisma } = app.services;
    await prisma.user.update({ where: { id: moderator.user.id }, data: { role: 'moderator' } });
    await prisma.user.update({ where: { id: admin.user.id }, data: { role: 'admin' } });
    await prisma.friendship.create({
      data: {
        pairKey: friendshipPairKey(owner.user.id, contact.user.id),
        requesterId: owner.user.id,
        addresseeId: contact.user.id,
        status: 'accepted',
      },
    });
    const email = owner.member.email;
    /** Whether `reader` finds the owner by their email, on each search path they may use. */
    const found = async (reader: Member) => {
      const contactSearch = await app.graphql(
        `query ($q: String!) { contactSearch(query: $q, first: 50) { edges { node { databaseId } } } }`,
        { q: email },
        { token: reader.token },
      );
      const rest = await (
        await app.request('GET', `/search-friends?query=${encodeURIComponent(email)}`, { token: reader.token })
      ).json();
      const hits = {
        contactSearch: contactSearch.data.contactSearch.edges.some(
          ({ node }: { node: { databaseId: number } }) => node.databaseId === owner.user.id,
        ),
        'GET /search-friends': rest.some((user: { id: number }) => user.id === owner.user.id),
      };
      if (reader === moderator || reader === admin) {
        const users = await app.graphql(
          `query ($q: String!) { users(search: $q, first: 50) { totalCount edges { node { databaseId } } } }`,
          { q: email },
          { token: reader.token },
        );
        return {
          ...hits,
          users: users.data.users.totalCount === 1 && users.data.users.edges[0].node.databaseId === owner.user.id,
        };
      }
      return hits;
    };

    // Default: contacts only.
    expect(await found(contact)).toEqual({ contactSearch: true, 'GET /search-friends': true });
    expect(await found(stranger)).toEqual({ contactSearch: false, 'GET /search-friends': false });
    expect(await found(moderator)).toEqual({ contactSearch: false, 'GET /search-friends': false, users: false });
    expect(await found(admin)).toEqual({ contactSearch: true, 'GET /search-friends': true, users: true });

    await prisma.user.update({ where: { id: owner.user.id }, data: { emailVisibility: 'nobody' } });
    expect(await found(contact)).toEqual({ contactSearch: false, 'GET /search-friends': false });
    await prisma.user.update({ where: { id: owner.user.id }, data: { emailVisibility: 'everyone' } });
    expect(await found(stranger)).toEqual({ contactSearch: true, 'GET /search-friends': true });
    expect(await found(moderator)).toEqual({ contactSearch: true, 'GET /search-friends': true, users: true });
  });

  it('uses the same rule as the personal fields, for every visibility and relation', async () => {
    const { prisma } = app.services;
    let n = 0;
    const user = (role: 'user' | 'admin' = 'user') =>
      prisma.user.create({
        data: {
          username: `rule${Date.now().toString(36)}${++n}`,
          email: `rule${n}.${Date.now()}@example.ru`,
          passwordHash: 'x',
          firstName: 'П',
          lastName: 'Р',
          role,
        },
        select: { id: true, role: true },
      });
    const owner = await user();
    const relate = async (
      other: { id: number },
      status: 'pending' | 'accepted' | 'blocked',
      blockedById?: number,
      requesterId = owner.id,
    ) =>
      prisma.friendship.create({
        data: {
          pairKey: friendshipPairKey(owner.id, other.id),
          requesterId,
          addresseeId: requesterId === owner.id ? other.id : owner.id,
          status,
          blockedById,
        },
      });
    const [admin, contact, asked, askedBy, stranger, blockedByOwner, blockerOfOwner] = [
      await user('admin'),
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
      await user(),
    ];
    await relate(contact, 'accepted');
    await relate(asked, 'pending');
    await relate(askedBy, 'pending', undefined, askedBy.id);
    await relate(blockedByOwner, 'blocked', owner.id);
    await relate(blockerOfOwner, 'blocked', blockerOfOwner.id, blockerOfOwner.id);
    const viewers = [owner, admin, contact, asked, askedBy, stranger, blockedByOwner, blockerOfOwner];
    for (const visibility of VISIBILITIES) {
      await prisma.user.update({ where: { id: owner.id }, data: { emailVisibility: visibility } });
      for (const viewer of viewers) {
        const relation = await friendshipState(prisma, viewer.id, owner.id);
        const byFunction = personalFieldVisible(visibility, viewer, owner.id, relation);
        const byWhere =
          (await prisma.user.count({ where: { AND: [{ id: owner.id }, personalFieldVisibleWhere('email', viewer)] } })) === 1;
        expect({ visibility, relation, role: viewer.role, byWhere }).toEqual({
          visibility,
          relation,
          role: viewer.role,
          byWhere: byFunction,
        });
      }
    }
  });
});
