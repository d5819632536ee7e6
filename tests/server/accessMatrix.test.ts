import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  subscribe,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { schema } from '../../server/src/schema';
import { listPlans } from '../../server/src/services/subscriptions';
import { routes } from '../../server/src/rest/routes';
import { buildContext, maskError } from '../../server/src/graphql';
import { ACCESS_LEVELS, type Access } from '../../server/src/auth/access';
import { directConversationKey, friendshipPairKey } from '../../server/src/database/keys';
import { rootFieldOperation, rootFields, type RootField } from '../support/rootFields';
import { createTestApp, multipartOperation, type TestApp } from '../support/app';
import { registerMember, signIn } from '../support/members';

/**
 * The generated access matrix (DESIGN.md, "Auth and security"): every REST row and every GraphQL root
 * field declares who may call it; this calls each one as every role and checks the declared answer.
 * A row or field without a declaration fails here, so a new one joins the matrix by declaring access.
 *
 * Arguments are generated from the schema (the smallest valid value of each required argument); only
 * what names a resource comes from the fixtures below, so that `owner` rows are called on a resource
 * that belongs to `member` and not to `otherMember`.
 */

/**
 * In this order: another member tries `member`'s resources before `member` acts on them (deleting,
 * answering), and moderators and admins come last, since they may be allowed to remove them.
 */
const ROLES = ['anonymous', 'otherMember', 'member', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];

let app: TestApp;
type Account = { id: number; username: string; email: string; password: string; token: string };
const accounts = {} as Record<Exclude<Role, 'anonymous'>, Account>;

/** Resources owned by `member` (and a few others), created once before the calls. */
type World = {
  publicationId: number;
  galleryItemId: string;
  classId: number;
  /** A class of `member`'s for the call that deletes one (deleting a class deletes its rooms). */
  disposableClassId: number;
  roomId: number;
  /** A room of `member`'s for the calls that delete or leave it, so the others still find `roomId`. */
  disposableRoomId: number;
  conversationId: number;
  /** Friend requests to `member`: one answered through GraphQL, one through REST. */
  graphqlFriendRequestId: number;
  restFriendRequestId: number;
  /** A contact of `member` (and of nobody else). */
  contactId: number;
  /** Accounts the admin calls edit and delete (through GraphQL and REST), so `member` stays as it is. */
  graphqlDisposableUserId: number;
  restDisposableUserId: number;
  /** Calendar events organised by `member` (the contact invited), two to delete, and one `member` is invited to. */
  calendarEventId: number;
  graphqlDisposableEventId: number;
  restDisposableEventId: number;
  invitationEventId: number;
  /** Files `member` shared in their room, one to delete through GraphQL and one through REST. */
  graphqlDisposableRoomFileId: number;
  /** A quiz `member` hosts in their room. */
  activitySessionId: number;
  restDisposableRoomFileId: number;
  /** A message in `member`'s conversation (reactions). */
  messageId: number;
  /** `member`'s by-request community, one to delete and one whose ownership they hand over. */
  communityId: number;
  disposableCommunityId: number;
  /** Requests to join `member`'s community (one to approve, one to decline) and memberships in it (one to remove, one to promote). */
  approvedRequestId: number;
  declinedRequestId: number;
  removedMemberId: number;
  promotedMemberId: number;
  newOwnerMemberId: number;
};
let world: World;

async function createAccount(role: 'user' | 'moderator' | 'admin'): Promise<Account> {
  const member = await registerMember(app);
  if (role !== 'user') await app.db.prisma.user.update({ where: { id: member.id }, data: { role } });
  const { token } = await signIn(app, member.email, member.password);
  return { id: member.id, username: member.username, email: member.email, password: member.password, token };
}

async function createWorld(): Promise<World> {
  const prisma = app.db.prisma;
  const { member, moderator, admin } = accounts;
  const publication = await prisma.publication.create({ data: { authorId: member.id, content: 'Чья-то публикация' } });
  const item = await prisma.galleryItem.create({
    data: { ownerId: member.id, kind: 'photo', filename: `matrix-${Date.now()}.png`, mimeType: 'image/png' },
  });
  const meetingClass = await prisma.meetingClass.create({
    data: { name: 'Класс участника', createdById: member.id, members: { create: { userId: member.id, role: 'admin' } } },
  });
  const roomOfMember = (name: string) =>
    prisma.room.create({
      data: { name, createdById: member.id, classId: meetingClass.id, participants: { create: { userId: member.id } } },
    });
  const room = await roomOfMember('Комната участника');
  // `member` records that room: their subscription group's plan includes recording.
  const basicPlan = (await listPlans(prisma)).find((plan) => plan.key === 'basic')!;
  await prisma.subscriptionGroup.create({
    data: { name: 'Группа участника', planId: basicPlan.id, members: { create: { userId: member.id } } },
  });
  const contact = await createAccount('user');
  await prisma.friendship.create({
    data: {
      pairKey: friendshipPairKey(member.id, contact.id),
      requesterId: member.id,
      addresseeId: contact.id,
      status: 'accepted',
    },
  });
  const conversation = await prisma.conversation.create({
    data: {
      directKey: directConversationKey(member.id, moderator.id),
      participants: { create: [{ userId: member.id }, { userId: moderator.id }] },
    },
  });
  const calendarEvent = (ownerId: number, userId: number) =>
    prisma.calendarEvent.create({
      data: { ownerId, title: 'Событие', startsAt: new Date(), participants: { create: { userId } } },
    });
  const roomFile = async () =>
    (
      await prisma.roomFile.create({
        data: {
          roomId: room.id,
          filename: `matrix-${crypto.randomUUID()}.pdf`,
          originalName: 'План.pdf',
          size: 10,
          mimeType: 'application/pdf',
          uploaderId: member.id,
        },
      })
    ).id;
  const friendRequest = (requesterId: number) =>
    prisma.friendship.create({
      data: { pairKey: friendshipPairKey(requesterId, member.id), requesterId, addresseeId: member.id },
    });
  /** A by-request community `member` owns, with the contact in it (each call below acts on its own row). */
  const community = (name: string) =>
    prisma.community.create({
      data: {
        name,
        joinPolicy: 'by_request',
        membersCount: 1,
        members: { create: { userId: member.id, role: 'owner' } },
      },
    });
  const ownCommunity = await community('Сообщество участника');
  const membership = async (communityId: number) => {
    const user = await createAccount('user');
    return (await prisma.communityMember.create({ data: { communityId, userId: user.id } })).id;
  };
  const joinRequest = async () =>
    (
      await prisma.communityJoinRequest.create({
        data: { communityId: ownCommunity.id, userId: (await createAccount('user')).id },
      })
    ).id;
  return {
    communityId: ownCommunity.id,
    disposableCommunityId: (await community('Сообщество на удаление')).id,
    approvedRequestId: await joinRequest(),
    declinedRequestId: await joinRequest(),
    removedMemberId: await membership(ownCommunity.id),
    promotedMemberId: await membership(ownCommunity.id),
    newOwnerMemberId: await membership((await community('Сообщество на передачу')).id),
    publicationId: publication.id,
    galleryItemId: encodeGlobalID('GalleryItem', item.id),
    classId: meetingClass.id,
    roomId: room.id,
    disposableClassId: (
      await prisma.meetingClass.create({
        data: { name: 'Класс на удаление', createdById: member.id, members: { create: { userId: member.id, role: 'admin' } } },
      })
    ).id,
    disposableRoomId: (await roomOfMember('Комната на удаление')).id,
    conversationId: conversation.id,
    graphqlFriendRequestId: (await friendRequest(moderator.id)).id,
    restFriendRequestId: (await friendRequest(admin.id)).id,
    contactId: contact.id,
    graphqlDisposableUserId: (await createAccount('user')).id,
    restDisposableUserId: (await createAccount('user')).id,
    calendarEventId: (await calendarEvent(member.id, contact.id)).id,
    graphqlDisposableEventId: (await calendarEvent(member.id, contact.id)).id,
    restDisposableEventId: (await calendarEvent(member.id, contact.id)).id,
    invitationEventId: (await calendarEvent(contact.id, member.id)).id,
    graphqlDisposableRoomFileId: await roomFile(),
    restDisposableRoomFileId: await roomFile(),
    activitySessionId: (
      await prisma.activitySession.create({
        data: {
          roomId: room.id,
          kind: 'quiz',
          hostId: member.id,
          setup: { questions: [{ prompt: 'Вопрос', type: 'text', options: [], answer: 'Ответ' }] },
          endsAt: new Date(Date.now() + 3600_000),
          players: { create: { userId: member.id } },
        },
      })
    ).id,
    messageId: (
      await prisma.message.create({ data: { conversationId: conversation.id, senderId: moderator.id, content: 'Привет' } })
    ).id,
  };
}

/** Sessions a call ends (sign-out): the caller signs in afresh for it, so the other calls keep their token. */
const ENDS_SESSION = new Set(['signOut', 'POST /auth/logout']);

async function tokenFor(role: Role, key: string) {
  if (role === 'anonymous') return undefined;
  const account = accounts[role];
  return ENDS_SESSION.has(key) ? (await signIn(app, account.email, account.password)).token : account.token;
}

// ───────────────────────────── GraphQL ─────────────────────────────

/** Arguments that name a resource: the one `member` owns (or, for users, `member` themself). */
const resourceArgs = (): Record<string, Record<string, unknown>> => {
  const user = encodeGlobalID('User', accounts.member.id);
  const publication = encodeGlobalID('Publication', world.publicationId);
  const meetingClass = encodeGlobalID('MeetingClass', world.classId);
  const conversation = encodeGlobalID('Conversation', world.conversationId);
  return {
    updatePublication: { id: publication },
    deletePublication: { id: publication },
    attachPublicationMedia: { id: publication, filenames: ['uploaded-by-nobody.png'] },
    likePublication: { id: publication },
    reactToPublication: { id: publication, reaction: 'HEART' },
    reactToMessage: { id: encodeGlobalID('Message', world.messageId), reaction: 'HEART' },
    addPublicationComment: { publicationId: publication },
    deleteGalleryItem: { id: world.galleryItemId },
    updateProfile: { userId: user },
    uploadProfileImage: { userId: user },
    updateMeetingClass: { classId: meetingClass },
    deleteMeetingClass: { classId: encodeGlobalID('MeetingClass', world.disposableClassId) },
    addMeetingClassMember: { classId: meetingClass, username: accounts.moderator.username },
    setMeetingClassMemberRole: { classId: meetingClass, userId: user },
    removeMeetingClassMember: { classId: meetingClass, userId: encodeGlobalID('User', accounts.moderator.id) },
    deleteRoom: { roomId: encodeGlobalID('Room', world.disposableRoomId) },
    leaveRoom: { roomId: encodeGlobalID('Room', world.disposableRoomId) },
    // Joining makes the caller a member of the class or room, which would let them past the checks of later calls.
    joinRoom: { roomId: encodeGlobalID('Room', world.disposableRoomId) },
    joinMeetingClass: { classId: encodeGlobalID('MeetingClass', world.disposableClassId) },
    markConversationRead: { conversationId: conversation },
    setTyping: { conversationId: conversation },
    startCall: { calleeId: encodeGlobalID('User', world.contactId) },
    respondToFriendRequest: { requestId: encodeGlobalID('Friendship', world.graphqlFriendRequestId) },
    updateUser: { id: encodeGlobalID('User', world.graphqlDisposableUserId) },
    deleteUser: { id: encodeGlobalID('User', world.graphqlDisposableUserId) },
    updateCalendarEvent: { id: encodeGlobalID('CalendarEvent', world.calendarEventId) },
    deleteCalendarEvent: { id: encodeGlobalID('CalendarEvent', world.graphqlDisposableEventId) },
    respondToCalendarInvitation: { id: encodeGlobalID('CalendarEvent', world.invitationEventId) },
    openCalendarEventRoom: { id: encodeGlobalID('CalendarEvent', world.calendarEventId) },
    calendarEventIcs: { id: encodeGlobalID('CalendarEvent', world.calendarEventId) },
    deleteRoomFile: { id: encodeGlobalID('RoomFile', world.graphqlDisposableRoomFileId) },
    // The kind that is built (the others are refused as "coming soon" to everyone).
    launchActivity: { kind: 'QUIZ' },
    joinActivity: { sessionId: encodeGlobalID('ActivitySession', world.activitySessionId) },
    leaveActivity: { sessionId: encodeGlobalID('ActivitySession', world.activitySessionId) },
    stopActivity: { sessionId: encodeGlobalID('ActivitySession', world.activitySessionId) },
    answerQuizQuestion: {
      sessionId: encodeGlobalID('ActivitySession', world.activitySessionId),
      questionIndex: 0,
      text: 'Ответ',
    },
    // No such file: an admin gets NotFoundError, anyone else is refused before the lookup.
    updateMediaFile: { id: encodeGlobalID('MediaFile', '999999') },
    // No such subscription, likewise.
    updateSubscription: { id: encodeGlobalID('UserSubscription', '999999') },
    deleteMediaFile: { id: encodeGlobalID('MediaFile', '999999') },
    revokeApiKey: { id: encodeGlobalID('ApiKey', '999999') },
    // No such stylesheet, likewise.
    updateStylesheet: { id: encodeGlobalID('Stylesheet', '999999'), input: { name: 'x', content: '' } },
    setStylesheetActive: { id: encodeGlobalID('Stylesheet', '999999'), active: true },
    deleteStylesheet: { id: encodeGlobalID('Stylesheet', '999999') },
    deleteSubscriptionGroup: { id: encodeGlobalID('SubscriptionGroup', '999999') },
    // No such theme or template, likewise.
    updateTheme: { id: encodeGlobalID('Theme', '999999'), input: { name: 'x', mode: 'light', accent: 'blue' } },
    activateTheme: { id: encodeGlobalID('Theme', '999999') },
    deleteTheme: { id: encodeGlobalID('Theme', '999999') },
    updateTriviaQuestion: {
      id: encodeGlobalID('TriviaQuestion', '999999'),
      input: { locale: 'ru', prompt: 'x', options: ['a', 'b'], correctIndex: 0 },
    },
    deleteTriviaQuestion: { id: encodeGlobalID('TriviaQuestion', '999999') },
    updateTemplate: { id: encodeGlobalID('Template', '999999'), input: { name: 'x', templateType: 'mail', content: '{{body}}' } },
    setTemplateActive: { id: encodeGlobalID('Template', '999999'), active: true },
    deleteTemplate: { id: encodeGlobalID('Template', '999999') },
    // No such module, likewise.
    toggleModule: { moduleId: encodeGlobalID('Module', '999999') },
    updateCommunity: { id: encodeGlobalID('Community', world.communityId) },
    deleteCommunity: { id: encodeGlobalID('Community', world.disposableCommunityId) },
    approveCommunityJoinRequest: { requestId: encodeGlobalID('CommunityJoinRequest', world.approvedRequestId) },
    declineCommunityJoinRequest: { requestId: encodeGlobalID('CommunityJoinRequest', world.declinedRequestId) },
    removeCommunityMember: { memberId: encodeGlobalID('CommunityMember', world.removedMemberId) },
    setCommunityMemberRole: { memberId: encodeGlobalID('CommunityMember', world.promotedMemberId) },
    transferCommunityOwnership: { memberId: encodeGlobalID('CommunityMember', world.newOwnerMemberId) },
  };
};

/** An id argument names a resource of the type its name says (ids are checked against their type). */
const idFor = (argName: string) => {
  const ids: Record<string, string> = {
    roomId: encodeGlobalID('Room', world.roomId),
    classId: encodeGlobalID('MeetingClass', world.classId),
    conversationId: encodeGlobalID('Conversation', world.conversationId),
    publicationId: encodeGlobalID('Publication', world.publicationId),
    id: encodeGlobalID('Publication', world.publicationId),
  };
  return ids[argName] ?? encodeGlobalID('User', accounts.member.id);
};

/** State a call needs that earlier calls may have changed, restored just before it. */
// Creating or joining another room moves `member` out of theirs; media state and recording need them in it.
const backInTheirRoom = async () => {
  await app.db.prisma.roomParticipant.updateMany({
    where: { userId: accounts.member.id, leftAt: null },
    data: { leftAt: new Date() },
  });
  await app.db.prisma.roomParticipant.create({ data: { roomId: world.roomId, userId: accounts.member.id } });
};
const prepare: Record<string, () => Promise<unknown>> = {
  setRoomMediaState: backInTheirRoom,
  markAwayInRoom: backInTheirRoom,
  startRecording: backInTheirRoom,
  launchActivity: backInTheirRoom,
  'POST /zoomvisor/rooms/:roomId(\\d+)/recordings': backInTheirRoom,
};

/** The smallest value the type accepts; `File` is sent as a file part (see `isFileArg`). */
function minimalValue(type: GraphQLInputType, argName = ''): unknown {
  if (isNonNullType(type)) return minimalValue(type.ofType, argName);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, minimalValue(field.type)]),
    );
  }
  const scalar = getNamedType(type).name;
  const values: Record<string, unknown> = {
    String: 'x',
    Int: 1,
    Float: 1,
    Boolean: true,
    ID: idFor(argName),
    Date: '2000-01-01',
    DateTime: '2000-01-01T00:00:00.000Z',
    File: null,
  };
  if (!(scalar in values)) throw new Error(`no minimal value for scalar ${scalar}`);
  return values[scalar];
}

const isFileArg = (arg: GraphQLArgument) => getNamedType(arg.type).name === 'File' && !isListType(getNullableType(arg.type));

/** The call of a root field with its required arguments (and the fixtures' ones). */
function operationFor(root: RootField) {
  const fixture = resourceArgs()[root.field.name] ?? {};
  const args = root.field.args.filter((arg) => isNonNullType(arg.type) || arg.name in fixture);
  const variables = Object.fromEntries(args.map((arg) => [arg.name, fixture[arg.name] ?? minimalValue(arg.type, arg.name)]));
  const query = rootFieldOperation(
    root,
    args.map((arg) => arg.name),
  );
  return { query, variables, files: args.filter(isFileArg).map((arg) => arg.name) };
}

type Answer = { refused: 'unauthenticated' | 'forbidden' | 'notFound' | null; detail: string };

function classify(
  result: { data?: Record<string, unknown> | null; errors?: readonly { extensions?: Record<string, unknown> }[] },
  field: string,
): Answer {
  const detail = JSON.stringify(result).slice(0, 300);
  const codes = (result.errors ?? []).map((error) => error.extensions?.code);
  if (codes.includes('UNAUTHENTICATED')) return { refused: 'unauthenticated', detail };
  if (codes.includes('FORBIDDEN')) return { refused: 'forbidden', detail };
  if (codes.includes('NOT_FOUND')) return { refused: 'notFound', detail };
  const value = result.data?.[field] as { __typename?: string } | null | undefined;
  const typename = Array.isArray(value) ? undefined : value?.__typename;
  if (typename === 'ForbiddenError') return { refused: 'forbidden', detail };
  if (typename === 'NotFoundError') return { refused: 'notFound', detail };
  return { refused: null, detail };
}

async function callField({ kind, field }: RootField, role: Role) {
  const { query, variables, files } = operationFor({ kind, field });
  const token = await tokenFor(role, field.name);
  if (kind === 'subscription') {
    const request = new Request('http://localhost/graphql', { headers: token ? { authorization: `Bearer ${token}` } : {} });
    const contextValue = await buildContext(app.services, request, {});
    const result = await subscribe({ schema, document: parse(query), variableValues: variables, contextValue });
    if (Symbol.asyncIterator in result) {
      await result.return?.();
      return classify({ data: {} }, field.name);
    }
    const errors = result.errors?.map((error) => maskError(error, 'en', app.services));
    return classify({ ...result, errors }, field.name);
  }
  if (files.length) {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'x.png', { type: 'image/png' });
    const form = multipartOperation(query, variables, Object.fromEntries(files.map((name) => [name, png])));
    const response = await app.request('POST', '/graphql', { body: form, token, headers: { 'graphql-require-preflight': '1' } });
    return classify(await response.json(), field.name);
  }
  return classify(await app.graphql(query, variables, { token }), field.name);
}

/**
 * What each role gets from a level. `owner`: the owner (`member`) is served, another member is refused
 * as for something not theirs; moderators and admins are signed in, and the service's own rule says
 * whether they may act on someone else's resource, so only "not unauthenticated" is asserted for them.
 */
function expected(level: Access, role: Role): 'served' | 'unauthenticated' | 'forbidden' | 'notYours' | 'signedIn' {
  if (level === 'anonymous') return 'served';
  if (role === 'anonymous') return 'unauthenticated';
  if (level === 'member') return 'served';
  if (level === 'owner') return role === 'member' ? 'served' : role === 'otherMember' ? 'notYours' : 'signedIn';
  if (level === 'moderator') return role === 'moderator' || role === 'admin' ? 'served' : 'forbidden';
  return role === 'admin' ? 'served' : 'forbidden';
}

function check(expectation: ReturnType<typeof expected>, refused: Answer['refused'] | 'badRequest'): boolean {
  switch (expectation) {
    case 'served':
      return refused === null || refused === 'badRequest' || refused === 'notFound';
    case 'unauthenticated':
      return refused === 'unauthenticated';
    case 'forbidden':
      return refused === 'forbidden';
    case 'notYours':
      return refused === 'forbidden' || refused === 'notFound';
    case 'signedIn':
      return refused !== 'unauthenticated';
  }
}

const declaredLevel = (declared: unknown): Access | undefined =>
  ACCESS_LEVELS.includes(declared as Access) ? (declared as Access) : undefined;

beforeAll(async () => {
  app = await createTestApp();
  accounts.member = await createAccount('user');
  accounts.otherMember = await createAccount('user');
  accounts.moderator = await createAccount('moderator');
  accounts.admin = await createAccount('admin');
  world = await createWorld();
});
afterAll(() => app?.dispose());

describe('every GraphQL root field declares its access and gets it', () => {
  it('declares a level on every root field', () => {
    const undeclared = rootFields.filter(({ field }) => !declaredLevel(field.extensions.access));
    expect(undeclared.map(({ kind, field }) => `${kind}.${field.name}`)).toEqual([]);
  });

  it.each(rootFields.map(({ kind, field }) => [`${kind} ${field.name}`, kind, field] as const))(
    '%s',
    async (_name, kind, field) => {
      const level = declaredLevel(field.extensions.access);
      expect(level, `${field.name} declares no access`).toBeDefined();
      await prepare[field.name]?.();
      const wrong: string[] = [];
      // The owner is called before moderators and admins, who may be allowed to remove what it acts on.
      for (const role of ROLES) {
        const answer = await callField({ kind, field }, role);
        const expectation = expected(level!, role);
        if (!check(expectation, answer.refused))
          wrong.push(`${role}: expected ${expectation}, got ${answer.refused ?? 'served'} ${answer.detail}`);
      }
      expect(wrong).toEqual([]);
    },
  );
});

// ───────────────────────────── REST ─────────────────────────────

/**
 * The calls below check that each level is enforced; this list makes a change of level itself (a field
 * loosened from `moderator` to `member`) a visible diff of a reviewed file rather than a silent one.
 */
it('declares the reviewed levels', async () => {
  const lines = [
    ...rootFields.map(({ kind, field }) => `graphql ${kind} ${field.name}: ${String(field.extensions.access)}`),
    ...routes.map((route) => `rest ${route.method} ${route.path}: ${String(route.access)}`),
  ];
  await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./accessMatrix.levels.txt');
});

/** Path parameters and bodies that name `member`'s resources; other rows get the member's own id. */
function restCall(method: string, path: string) {
  const member = accounts.member;
  const params: Record<string, string> = { id: String(member.id), username: member.username };
  let body: Record<string, unknown> = {};
  let query = '';
  if (path.startsWith('/publications/:id')) params.id = String(world.publicationId);
  if (path === '/friends/:id(\\d+)/respond') {
    params.id = String(world.restFriendRequestId);
    query = '?accept=true';
  }
  if (path === '/users/profile' || path === '/users/upload-image') body = { user_id: member.id };
  if (path === '/users/profile') body.first_name = 'Анна';
  if (path === '/publications/:id/media') body = { filenames: ['uploaded-by-nobody.png'] };
  if (path === '/users/:id(\\d+)') params.id = String(world.restDisposableUserId);
  if (path.includes(':roomId')) params.roomId = String(world.roomId);
  if (path === '/zoomvisor/rooms/:roomId(\\d+)/files/:id(\\d+)') params.id = String(world.restDisposableRoomFileId);
  if (path.startsWith('/zoomvisor/calendar/events/:id')) {
    params.id = String(method === 'DELETE' ? world.restDisposableEventId : world.calendarEventId);
  }
  if (path === '/zoomvisor/calendar/events/:id(\\d+)/respond') {
    params.id = String(world.invitationEventId);
    body = { accept: true };
  }
  const url =
    path
      .replace(/\\\./g, '.')
      .replace(/\/$/, '')
      .replace(/:(\w+)(\([^)]*\))?/g, (_m, key: string) => params[key] ?? '1') + query;
  return { url: url || '/', body };
}

const restStatus = (status: number): Answer['refused'] | 'badRequest' =>
  status === 401
    ? 'unauthenticated'
    : status === 403
      ? 'forbidden'
      : status === 404
        ? 'notFound'
        : status < 300
          ? null
          : 'badRequest';

describe('every REST row declares its access and gets it', () => {
  it('declares a level on every row', () => {
    const undeclared = routes.filter((route) => !declaredLevel(route.access));
    expect(undeclared.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (key, route) => {
    const wrong: string[] = [];
    await prepare[key]?.();
    for (const role of ROLES) {
      const { url, body } = restCall(route.method, route.path);
      const response = await app.request(route.method, url, {
        json: route.method === 'GET' ? undefined : body,
        token: await tokenFor(role, key),
      });
      if (response.status >= 500) wrong.push(`${role}: ${response.status} ${await response.text()}`);
      const expectation = expected(route.access, role);
      const refused = restStatus(response.status);
      if (!check(expectation, refused))
        wrong.push(`${role}: expected ${expectation}, got ${response.status} ${await response.text()}`);
    }
    expect(wrong).toEqual([]);
  });
});
