import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { graphqlUpload, imageFile } from './mediaFixtures';

let app: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => app.dispose());

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const RESULT = `__typename ... on Error { message } ... on ValidationError { fieldErrors { path message } }`;
const COMMUNITY_FIELDS = `id name description avatarImage joinPolicy membersCount viewerRole viewerHasRequested`;

const CREATE = `mutation($input: CommunityInput!, $avatar: File) {
  createCommunity(input: $input, avatar: $avatar) { ${RESULT} ... on CommunitySuccess { community { ${COMMUNITY_FIELDS} } } }
}`;
const membershipMutation = (name: string) => `mutation($id: ID!) {
  ${name}(id: $id) { ${RESULT} ... on CommunitySuccess { community { ${COMMUNITY_FIELDS} } } }
}`;
const LIST_CHANGE = (name: string, arg: string) => `mutation($id: ID!) {
  ${name}(${arg}: $id) { ${RESULT} ... on CommunityListChange { deletedId community { membersCount } } }
}`;
const COMMUNITY = `query($id: ID!, $first: Int, $after: String) {
  node(id: $id) { ... on Community {
    ${COMMUNITY_FIELDS}
    members(first: $first, after: $after) { edges { node { id role user { username } } } pageInfo { hasNextPage endCursor } }
    joinRequests { edges { node { id user { username } } } }
    publications(first: 10) { edges { node { content viewerMayDelete } } }
  } }
}`;
const PUBLISH = `mutation($input: CreatePublicationInput!) {
  createPublication(input: $input) { ${RESULT} ... on CreatePublicationSuccess { publication { id community { name } } } }
}`;

const gql = async (query: string, variables: Record<string, unknown>, who: Member, locale = 'ru') =>
  app.graphql(query, variables, { token: who.token, headers: { 'accept-language': locale } });
const field = async (query: string, variables: Record<string, unknown>, who: Member, locale = 'ru') => {
  const result = await gql(query, variables, who, locale);
  expect(result.errors).toBeUndefined();
  return Object.values(result.data ?? {})[0] as any;
};

async function create(who: Member, input: Record<string, unknown>) {
  const result = await field(CREATE, { input }, who);
  expect(result.__typename).toBe('CommunitySuccess');
  return result.community as { id: string; viewerRole: string; membersCount: number };
}
const join = (who: Member, id: string, locale = 'ru') => field(membershipMutation('joinCommunity'), { id }, who, locale);
const request = (who: Member, id: string) => field(membershipMutation('requestToJoinCommunity'), { id }, who);
const leave = (who: Member, id: string, locale = 'ru') => field(membershipMutation('leaveCommunity'), { id }, who, locale);
const view = async (who: Member, id: string, first = 20, after?: string) =>
  (await field(COMMUNITY, { id, first, after }, who)) as any;
const publish = async (who: Member, content: string, communityId?: string) =>
  field(PUBLISH, { input: { content, communityId } }, who);
const usernames = (edges: { node: { user: { username: string } } }[]) => edges.map((edge) => edge.node.user.username);
const notificationsOf = (userId: number, kind: string) =>
  app.services.prisma.notification.findMany({ where: { userId, kind }, orderBy: { id: 'asc' } });

/** A by-request community of `owner` with `member` in it (asked, then approved). */
async function closedCommunity(owner: Member, member: Member, name = 'Закрытый клуб') {
  const community = await create(owner, { name, joinPolicy: 'BY_REQUEST' });
  await request(member, community.id);
  const [pending] = (await view(owner, community.id)).joinRequests.edges;
  expect((await field(LIST_CHANGE('approveCommunityJoinRequest', 'requestId'), { id: pending.node.id }, owner)).__typename).toBe(
    'CommunityListChange',
  );
  return community;
}

const block = (who: Member, other: Member) =>
  field(`mutation($id: ID!) { blockUser(userId: $id) { __typename } }`, { id: encodeGlobalID('User', other.user.id) }, who);

describe('communities: creating, joining and roles', () => {
  it('makes the creator the owner, with an avatar checked like a profile avatar', async () => {
    const owner = await registerAndLogin(app);
    const png = await imageFile('club.png', { width: 300, height: 300 });
    const created = await graphqlUpload(
      app,
      CREATE,
      { input: { name: '  Любители чая ', description: 'Пуэр и улуны', joinPolicy: 'OPEN' }, avatar: null },
      { avatar: png },
      owner.token,
    );
    const community = created.data.createCommunity.community;
    expect(community).toMatchObject({
      name: 'Любители чая',
      description: 'Пуэр и улуны',
      joinPolicy: 'OPEN',
      membersCount: 1,
      viewerRole: 'OWNER',
      viewerHasRequested: false,
    });
    expect(community.avatarImage).toMatch(/^\/uploads\/avatars\/[^/]+$/);
    expect((await app.request('GET', community.avatarImage)).status).toBe(200);

    const text = new File([new TextEncoder().encode('not an image')], 'fake.png', { type: 'image/png' });
    const refused = await graphqlUpload(app, CREATE, { input: { name: 'Клуб' }, avatar: null }, { avatar: text }, owner.token);
    expect(refused.data.createCommunity.__typename).toBe('UnsupportedFileTypeError');
  });

  it('joins an open community at once and refuses a direct join of a by-request one, in ru, en and fr', async () => {
    const [owner, other] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const open = await create(owner, { name: 'Открытое' });
    const joined = await join(other, open.id);
    expect(joined.community).toMatchObject({ viewerRole: 'MEMBER', membersCount: 2 });
    expect((await join(other, open.id)).__typename).toBe('ConflictError');

    const closed = await create(owner, { name: 'По заявке', joinPolicy: 'BY_REQUEST' });
    const messages = [];
    for (const locale of ['ru', 'en', 'fr']) {
      const refused = await join(other, closed.id, locale);
      expect(refused.__typename).toBe('ForbiddenError');
      messages.push(refused.message);
    }
    expect(messages).toEqual([
      'В это сообщество вступают по заявке: отправьте заявку на вступление',
      'This community admits members by request: send a request to join',
      'Cette communauté admet ses membres sur demande : envoyez une demande d’adhésion',
    ]);
    expect((await view(other, closed.id)).viewerRole).toBeNull();
  });

  it('turns a request into a membership when a moderator approves it, and notifies both ways', async () => {
    const [owner, moderator, asker, stranger] = await Promise.all([
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
    ]);
    const community = await closedCommunity(owner, moderator, 'Клуб с модератором');
    const [moderatorRow] = (await view(owner, community.id)).members.edges.filter(
      (edge: any) => edge.node.user.username === moderator.user.username,
    );
    const promoted = await field(
      `mutation($id: ID!) { setCommunityMemberRole(memberId: $id, role: MODERATOR) { ${RESULT} ... on CommunityMemberSuccess { member { role } } } }`,
      { id: moderatorRow.node.id },
      owner,
    );
    expect(promoted.member.role).toBe('MODERATOR');

    const asked = await request(asker, community.id);
    expect(asked.community).toMatchObject({ viewerRole: null, viewerHasRequested: true, membersCount: 2 });
    // Asking again while pending changes nothing and notifies nobody twice.
    await request(asker, community.id);
    expect(await notificationsOf(owner.user.id, 'COMMUNITY_JOIN_REQUEST')).toHaveLength(2); // the moderator's, then the asker's
    expect(await notificationsOf(moderator.user.id, 'COMMUNITY_JOIN_REQUEST')).toHaveLength(1);

    // Only owner and moderators see the requests, and decide.
    expect((await view(stranger, community.id)).joinRequests.edges).toEqual([]);
    const requests = (await view(moderator, community.id)).joinRequests.edges;
    expect(usernames(requests)).toEqual([asker.user.username]);
    const byStranger = await field(
      LIST_CHANGE('approveCommunityJoinRequest', 'requestId'),
      { id: requests[0].node.id },
      stranger,
    );
    expect(byStranger.__typename).toBe('ForbiddenError');
    const approved = await field(LIST_CHANGE('approveCommunityJoinRequest', 'requestId'), { id: requests[0].node.id }, moderator);
    expect(approved).toMatchObject({
      __typename: 'CommunityListChange',
      deletedId: requests[0].node.id,
      community: { membersCount: 3 },
    });
    expect((await view(asker, community.id)).viewerRole).toBe('MEMBER');
    const [approval] = await notificationsOf(asker.user.id, 'COMMUNITY_REQUEST_APPROVED');
    expect(approval?.payload).toMatchObject({ communityName: 'Клуб с модератором' });
    const again = await field(LIST_CHANGE('approveCommunityJoinRequest', 'requestId'), { id: requests[0].node.id }, moderator);
    expect(again.__typename).toBe('NotFoundError');

    // Declining deletes the request: the stranger may ask again later.
    await request(stranger, community.id);
    const [strangers] = (await view(owner, community.id)).joinRequests.edges;
    expect(
      (await field(LIST_CHANGE('declineCommunityJoinRequest', 'requestId'), { id: strangers.node.id }, owner)).__typename,
    ).toBe('CommunityListChange');
    expect(await view(stranger, community.id)).toMatchObject({ viewerRole: null, viewerHasRequested: false });
  });

  it('keeps the owner until ownership is handed over, with a clear 409 text', async () => {
    const [owner, member] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const community = await create(owner, { name: 'Наследство' });
    await join(member, community.id);
    const refused = await leave(owner, community.id, 'en');
    expect(refused).toMatchObject({
      __typename: 'ConflictError',
      message: 'The owner cannot leave the community: hand ownership over to another member or delete the community first',
    });
    const rest = await app.request('POST', '/graphql', {
      json: { query: membershipMutation('leaveCommunity'), variables: { id: community.id } },
      token: owner.token,
    });
    expect(rest.status).toBe(200); // GraphQL answers the typed error in its result union

    const memberRow = (await view(owner, community.id)).members.edges.find(
      (edge: any) => edge.node.user.username === member.user.username,
    );
    const transferred = await field(
      `mutation($id: ID!) { transferCommunityOwnership(memberId: $id) { ${RESULT} ... on CommunitySuccess { community { viewerRole } } } }`,
      { id: memberRow.node.id },
      owner,
    );
    expect(transferred.community.viewerRole).toBe('MODERATOR');
    expect((await leave(owner, community.id)).community).toMatchObject({ viewerRole: null, membersCount: 1 });
    expect((await view(member, community.id)).viewerRole).toBe('OWNER');
  });

  it('lets moderators remove members and publications, never the owner, and a removed member may join again', async () => {
    const [owner, moderator, member, other] = await Promise.all([
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
    ]);
    const community = await create(owner, { name: 'Модерация' });
    for (const who of [moderator, member, other]) await join(who, community.id);
    const rows = (await view(owner, community.id)).members.edges;
    const rowOf = (who: Member) => rows.find((edge: any) => edge.node.user.username === who.user.username).node.id;
    await field(
      `mutation($id: ID!) { setCommunityMemberRole(memberId: $id, role: MODERATOR) { __typename } }`,
      { id: rowOf(moderator) },
      owner,
    );

    const removeMember = LIST_CHANGE('removeCommunityMember', 'memberId');
    expect((await field(removeMember, { id: rowOf(owner) }, moderator)).__typename).toBe('ForbiddenError');
    expect((await field(removeMember, { id: rowOf(member) }, other)).__typename).toBe('ForbiddenError');
    const removed = await field(removeMember, { id: rowOf(member) }, moderator);
    expect(removed).toMatchObject({ __typename: 'CommunityListChange', community: { membersCount: 3 } });
    expect((await view(member, community.id)).viewerRole).toBeNull();
    expect((await join(member, community.id)).community.viewerRole).toBe('MEMBER');

    const post = await publish(other, 'Спорная публикация', community.id);
    expect((await view(moderator, community.id)).publications.edges).toEqual([
      { node: { content: 'Спорная публикация', viewerMayDelete: true } },
    ]);
    expect((await view(member, community.id)).publications.edges[0].node.viewerMayDelete).toBe(false);
    const DELETE = `mutation($id: ID!) { deletePublication(id: $id) { ${RESULT} } }`;
    expect((await field(DELETE, { id: post.publication.id }, member)).__typename).toBe('ForbiddenError');
    expect((await field(DELETE, { id: post.publication.id }, moderator)).__typename).toBe('DeletePublicationSuccess');
    expect((await view(owner, community.id)).publications.edges).toEqual([]);
  });

  it('refuses bad input with translated texts, never a server error', async () => {
    const member = await registerAndLogin(app);
    const tooShort = await field(CREATE, { input: { name: ' x ' } }, member, 'fr');
    expect(tooShort).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['name'], message: 'Le nom d’une communauté compte de 2 à 100 caractères' }],
    });
    const tooLong = await field(CREATE, { input: { name: 'Клуб', description: 'д'.repeat(2001) } }, member, 'en');
    expect(tooLong.__typename).toBe('ValidationError');
    const missing = await field(CREATE, { input: {} }, member);
    expect(missing.__typename).toBe('ValidationError');

    for (const id of ['nonsense', encodeGlobalID('Community', 999999), encodeGlobalID('User', member.user.id)]) {
      expect((await join(member, id)).__typename).toBe('NotFoundError');
      expect((await field(PUBLISH, { input: { content: 'в никуда', communityId: id } }, member)).__typename).toBe(
        'NotFoundError',
      );
    }
    const notMember = await leave(member, (await create(await registerAndLogin(app), { name: 'Чужое' })).id, 'en');
    expect(notMember).toMatchObject({ __typename: 'NotFoundError', message: 'This person is not a member of the community' });
    const badCursor = await gql(`{ suggestedCommunities(after: "bm9wZQ") { edges { cursor } } }`, {}, member);
    expect(badCursor.errors?.[0]?.message).toBeTruthy();
    expect(badCursor.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('communities: who reads what', () => {
  it('shows a by-request community’s publications to its members only: feed, community feed, node, search, bookmarks', async () => {
    const [owner, member, outsider] = await Promise.all([registerAndLogin(app), registerAndLogin(app), registerAndLogin(app)]);
    // The outsider follows the owner: the owner's own publications reach their feed, the community's do not.
    await field(
      `mutation($id: ID!) { followUser(userId: $id) { __typename } }`,
      { id: encodeGlobalID('User', owner.user.id) },
      outsider,
    );
    const community = await closedCommunity(owner, member);
    expect((await publish(outsider, 'Пытаюсь войти', community.id)).__typename).toBe('ForbiddenError');
    const inside = await publish(member, 'Секретнаяпалитра чайных сортов', community.id);
    expect(inside.publication.community.name).toBe('Закрытый клуб');
    await publish(owner, 'Открытаяпалитра для всех');

    const FEED = `{ feed(first: 20) { edges { node { content } } } }`;
    const feedOf = async (who: Member) => (await field(FEED, {}, who)).edges.map((edge: any) => edge.node.content);
    // The owner sees the member's publication in their main feed: they share the community.
    expect(await feedOf(owner)).toEqual(['Открытаяпалитра для всех', 'Секретнаяпалитра чайных сортов']);
    expect(await feedOf(outsider)).toEqual(['Открытаяпалитра для всех']);
    expect((await view(owner, community.id)).publications.edges.map((edge: any) => edge.node.content)).toEqual([
      'Секретнаяпалитра чайных сортов',
    ]);
    expect((await view(outsider, community.id)).publications.edges).toEqual([]);

    const NODE = `query($id: ID!) { node(id: $id) { ... on Publication { content } } }`;
    expect((await field(NODE, { id: inside.publication.id }, owner)).content).toBe('Секретнаяпалитра чайных сортов');
    expect(await field(NODE, { id: inside.publication.id }, outsider)).toBeNull();

    const SEARCH = `query($text: String!) { search(text: $text) { publications { edges { node { content } } } communities { edges { node { name } } } } }`;
    const found = async (who: Member, text: string) => field(SEARCH, { text }, who);
    expect((await found(owner, 'Секретнаяпалитра')).publications.edges).toHaveLength(1);
    expect((await found(outsider, 'Секретнаяпалитра')).publications.edges).toEqual([]);
    // The community itself is found by everyone (to ask to join).
    expect((await found(outsider, 'закрыт')).communities.edges.map((edge: any) => edge.node.name)).toContain('Закрытый клуб');

    const BOOKMARK = `mutation($id: ID!) { bookmarkPublication(id: $id, bookmarked: true) { __typename } }`;
    expect((await field(BOOKMARK, { id: inside.publication.id }, outsider)).__typename).toBe('NotFoundError');
    expect((await field(BOOKMARK, { id: inside.publication.id }, owner)).__typename).toBe('BookmarkPublicationSuccess');
    const BOOKMARKS = `{ bookmarks { edges { node { content } } } }`;
    expect((await field(BOOKMARKS, {}, owner)).edges).toHaveLength(1);

    // A member who leaves loses sight of it, bookmarks included.
    const memberRow = (await view(owner, community.id)).members.edges.find(
      (edge: any) => edge.node.user.username === member.user.username,
    );
    await field(LIST_CHANGE('removeCommunityMember', 'memberId'), { id: memberRow.node.id }, owner);
    expect(await field(NODE, { id: inside.publication.id }, member)).toBeNull();
  });

  it('shows an open community’s publications like public ones, and its members get them in their feed', async () => {
    const [owner, member, passer] = await Promise.all([registerAndLogin(app), registerAndLogin(app), registerAndLogin(app)]);
    const community = await create(owner, { name: 'Открытый клуб' });
    await join(member, community.id);
    const post = await publish(owner, 'Открытопубликация в клубе', community.id);
    const NODE = `query($id: ID!) { node(id: $id) { ... on Publication { content } } }`;
    expect((await field(NODE, { id: post.publication.id }, passer)).content).toBe('Открытопубликация в клубе');
    expect((await view(passer, community.id)).publications.edges).toHaveLength(1);
    const feed = await field(`{ feed(first: 20) { edges { node { content } } } }`, {}, member);
    expect(feed.edges.map((edge: any) => edge.node.content)).toEqual(['Открытопубликация в клубе']);
    expect((await field(`{ feed(first: 20) { edges { node { content } } } }`, {}, passer)).edges).toEqual([]);
  });

  it('notifies only members of a by-request community of mentions, and blocking hides publications inside a community', async () => {
    const [owner, member, outsider, blocker] = await Promise.all([
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
      registerAndLogin(app),
    ]);
    const community = await closedCommunity(owner, member, 'Клуб упоминаний');
    await request(blocker, community.id);
    const [pending] = (await view(owner, community.id)).joinRequests.edges;
    await field(LIST_CHANGE('approveCommunityJoinRequest', 'requestId'), { id: pending.node.id }, owner);

    await publish(owner, `Привет @${member.user.username} и @${outsider.user.username}`, community.id);
    expect(await notificationsOf(member.user.id, 'MENTION')).toHaveLength(1);
    expect(await notificationsOf(outsider.user.id, 'MENTION')).toHaveLength(0);
    // In an open community (or outside any), the outsider is mentioned as anywhere else.
    await publish(owner, `Снова @${outsider.user.username}`);
    expect(await notificationsOf(outsider.user.id, 'MENTION')).toHaveLength(1);

    // A member blocking the author sees nothing of theirs in the community, nor are they listed.
    await block(blocker, member);
    await publish(member, 'От заблокированного', community.id);
    const seen = (await view(blocker, community.id)).publications.edges.map((edge: any) => edge.node.content);
    expect(seen).not.toContain('От заблокированного');
    expect(usernames((await view(blocker, community.id)).members.edges)).not.toContain(member.user.username);
    expect(usernames((await view(owner, community.id)).members.edges)).toContain(member.user.username);
    const feed = await field(`{ feed(first: 20) { edges { node { content } } } }`, {}, blocker);
    expect(feed.edges.map((edge: any) => edge.node.content)).not.toContain('От заблокированного');
    // Mentioning across the block notifies nobody.
    await publish(member, `Эй @${blocker.user.username}`, community.id);
    expect(await notificationsOf(blocker.user.id, 'MENTION')).toHaveLength(0);
  });
});

describe('communities: lists', () => {
  it('pages a community’s feed newest first at the same cost per page', async () => {
    const [owner, reader] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const community = await closedCommunity(owner, reader, 'Лента по страницам');
    for (const n of [1, 2, 3, 4, 5]) await publish(n % 2 ? owner : reader, `страница ${n}`, community.id);
    const FEED = `query($id: ID!, $after: String) {
      community(id: $id) { publications(first: 2, after: $after) {
        edges { node { content viewerMayDelete author { username } community { name } } } pageInfo { hasNextPage endCursor }
      } }
    }`;
    const pages = [];
    let after: string | null = null;
    do {
      statements = [];
      const page: any = (await field(FEED, { id: community.id, after }, reader)).publications;
      pages.push({ contents: page.edges.map((edge: any) => edge.node.content), statements: statements.length });
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    expect(pages.map((page) => page.contents)).toEqual([
      ['страница 5', 'страница 4'],
      ['страница 3', 'страница 2'],
      ['страница 1'],
    ]);
    for (const page of pages) expect(page.statements).toBe(pages[0]!.statements);
  });

  it('lists mine and suggested ones (open, not mine, most members first) in keyset pages of constant cost', async () => {
    const [me, ...others] = await Promise.all(Array.from({ length: 5 }, () => registerAndLogin(app)));
    const tag = `п${Date.now().toString(36)}`;
    // Suggested: open communities of other members, with 1 to 4 members.
    const made = [];
    for (const [index, owner] of others.entries()) {
      const community = await create(owner, { name: `${tag} ${index}` });
      for (const joiner of others.slice(0, index)) if (joiner !== owner) await join(joiner, community.id);
      made.push(community);
    }
    await create(others[0]!, { name: `${tag} закрытое`, joinPolicy: 'BY_REQUEST' });
    for (const index of [0, 1, 2]) await create(me, { name: `${tag} моё ${index}` });

    const MINE = `query($after: String) { myCommunities(first: 2, after: $after) { edges { node { name viewerRole } } pageInfo { hasNextPage endCursor } } }`;
    const pagesOf = async (query: string, key: string) => {
      const pages = [];
      let after: string | null = null;
      do {
        statements = [];
        const page: any = (await gql(query, { after }, me)).data[key];
        pages.push({ names: page.edges.map((edge: any) => edge.node.name), statements: statements.length });
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      } while (after);
      return pages;
    };
    const mine = await pagesOf(MINE, 'myCommunities');
    expect(mine.map((page) => page.names)).toEqual([[`${tag} моё 2`, `${tag} моё 1`], [`${tag} моё 0`]]);
    expect(mine[1]!.statements).toBe(mine[0]!.statements);

    const SUGGESTED = `query($after: String) { suggestedCommunities(first: 2, after: $after) { edges { node { name membersCount } } pageInfo { hasNextPage endCursor } } }`;
    const suggested = await pagesOf(SUGGESTED, 'suggestedCommunities');
    const names = suggested.flatMap((page) => page.names).filter((name: string) => name.startsWith(tag));
    // Most members first; the by-request one and mine are not suggested.
    expect(names).toEqual([`${tag} 3`, `${tag} 2`, `${tag} 1`, `${tag} 0`]);
    for (const page of suggested) expect(page.statements).toBe(suggested[0]!.statements);

    // The members list pages by join order at the same cost.
    const community = made[3]!;
    statements = [];
    const first = await view(me, community.id, 2);
    const firstCost = statements.length;
    statements = [];
    const second = await view(me, community.id, 2, first.members.pageInfo.endCursor);
    expect(statements.length).toBe(firstCost);
    expect([...usernames(first.members.edges), ...usernames(second.members.edges)]).toEqual(
      [others[3]!, others[0]!, others[1]!, others[2]!].map((who) => who.user.username),
    );
  });
});
