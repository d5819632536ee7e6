import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { isObjectType } from 'graphql';
import { schema } from '../../server/src/schema';
import { friendshipPairKey } from '../../server/src/database/keys';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

/** `node(id)` obeys the read rule each Node type declares (here: the types that had none). */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

describe('node(id)', () => {
  it('shows comments, place reviews and media to members only, and an unattached upload to its uploader only', async () => {
    const [owner, stranger] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const { prisma } = app.services;
    const authorId = owner.user.id as number;
    const publication = await prisma.publication.create({ data: { authorId, content: 'Пост' } });
    const media = (filename: string, publicationId: number | null) =>
      prisma.publicationMedia.create({
        data: { publicationId, uploaderId: authorId, filename, fileType: 'image', mimeType: 'image/png', size: 1 },
      });
    const ids = {
      comment: encodeGlobalID(
        'PublicationComment',
        (await prisma.publicationComment.create({ data: { publicationId: publication.id, authorId, content: 'Ок' } })).id,
      ),
      review: encodeGlobalID(
        'LocationReview',
        (await prisma.locationReview.create({ data: { authorId, latitude: 55.7, longitude: 37.6 } })).id,
      ),
      attached: encodeGlobalID('PublicationMedia', (await media('attached.png', publication.id)).id),
      unattached: encodeGlobalID('PublicationMedia', (await media('unattached.png', null)).id),
    };
    const read = async (id: string, token?: string) => {
      const result = await app.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id }, { token });
      return result.data?.node?.id ?? null;
    };
    for (const id of Object.values(ids)) expect({ id, anonymous: await read(id) }).toEqual({ id, anonymous: null });
    expect(await read(ids.comment, stranger.token)).toBe(ids.comment);
    expect(await read(ids.review, stranger.token)).toBe(ids.review);
    expect(await read(ids.attached, stranger.token)).toBe(ids.attached);
    expect(await read(ids.unattached, stranger.token)).toBeNull();
    expect(await read(ids.unattached, owner.token)).toBe(ids.unattached);
  });

  it('answers null, never an error, for what the viewer may not read, for every Node type in the schema', async () => {
    const [owner, stranger] = await Promise.all([registerAndLogin(app), registerAndLogin(app)]);
    const friend = await registerAndLogin(app);
    const { prisma } = app.services;
    const ownerId = owner.user.id as number;
    const privateClass = await prisma.meetingClass.create({
      data: { name: 'Закрытый', isPrivate: true, createdById: ownerId, members: { create: { userId: ownerId, role: 'admin' } } },
    });
    const room = await prisma.room.create({ data: { name: 'Комната', classId: privateClass.id, createdById: ownerId } });
    const conversation = await prisma.conversation.create({
      data: { participants: { create: [{ userId: ownerId }, { userId: friend.user.id }] } },
    });
    const publication = await prisma.publication.create({ data: { authorId: ownerId, content: 'Пост' } });
    const admin = await registerAndLogin(app);
    await prisma.user.update({ where: { id: admin.user.id as number }, data: { role: 'admin' } });
    /**
     * One row of each Node type the owner may read (or, with `adminOnly`, only an administrator),
     * and whether a stranger may read it too.
     */
    const fixtures: Record<string, () => Promise<{ id: number; stranger: boolean; adminOnly?: true }>> = {
      User: async () => ({ id: ownerId, stranger: true }),
      Friendship: async () => ({
        id: (
          await prisma.friendship.create({
            data: { pairKey: friendshipPairKey(ownerId, friend.user.id), requesterId: ownerId, addresseeId: friend.user.id },
          })
        ).id,
        stranger: false,
      }),
      MeetingClass: async () => ({ id: privateClass.id, stranger: false }),
      Room: async () => ({ id: room.id, stranger: false }),
      RoomChatMessage: async () => ({
        id: (await prisma.roomChatMessage.create({ data: { roomId: room.id, senderId: ownerId, content: 'Привет' } })).id,
        stranger: false,
      }),
      // A file of the owner's room: its members only.
      RoomFile: async () => ({
        id: (
          await prisma.roomFile.create({
            data: {
              roomId: room.id,
              filename: 'f.pdf',
              originalName: 'f.pdf',
              size: 1,
              mimeType: 'application/pdf',
              uploaderId: ownerId,
            },
          })
        ).id,
        stranger: false,
      }),
      Conversation: async () => ({ id: conversation.id, stranger: false }),
      Message: async () => ({
        id: (await prisma.message.create({ data: { conversationId: conversation.id, senderId: ownerId, content: 'Привет' } })).id,
        stranger: false,
      }),
      Publication: async () => ({ id: publication.id, stranger: true }),
      // Every member sees a community's header (to join or ask); its publications follow its policy.
      Community: async () => ({
        id: (await prisma.community.create({ data: { name: 'Клуб', joinPolicy: 'by_request' } })).id,
        stranger: true,
      }),
      PublicationComment: async () => ({
        id: (
          await prisma.publicationComment.create({ data: { publicationId: publication.id, authorId: ownerId, content: 'Ок' } })
        ).id,
        stranger: true,
      }),
      PublicationMedia: async () => ({
        id: (
          await prisma.publicationMedia.create({
            data: { uploaderId: ownerId, filename: 'pending.png', fileType: 'image', mimeType: 'image/png', size: 1 },
          })
        ).id,
        stranger: false,
      }),
      // A published item: every member reads it (a draft is an admin's only, see content.test.ts).
      ContentItem: async () => ({
        id: (
          await prisma.contentItem.create({
            data: { title: 'Статья', slug: `node-${Date.now()}`, content: '<p>x</p>', status: 'published' },
          })
        ).id,
        stranger: true,
      }),
      LocationReview: async () => ({
        id: (await prisma.locationReview.create({ data: { authorId: ownerId, latitude: 1, longitude: 2 } })).id,
        stranger: true,
      }),
      // A member's message to support: its writer and administrators only.
      SupportMessage: async () => ({
        id: (await prisma.supportMessage.create({ data: { userId: ownerId, subject: 'Вопрос', content: 'Текст' } })).id,
        stranger: false,
      }),
      // An event: its organiser and the members invited to it only.
      CalendarEvent: async () => ({
        id: (await prisma.calendarEvent.create({ data: { ownerId, title: 'Встреча', startsAt: new Date() } })).id,
        stranger: false,
      }),
      // A subscription request: its member and administrators only.
      UserSubscription: async () => ({
        id: (
          await prisma.userSubscription.create({
            data: {
              user: { connect: { id: ownerId } },
              paymentMethod: 'transfer',
              plan: { create: { key: `node-${Date.now()}`, name: 'План', price: 0, maxParticipants: 10 } },
            },
          })
        ).id,
        stranger: false,
      }),
      // A finished recording: the one who made it and the creator of its room only.
      Recording: async () => ({
        id: (
          await prisma.recording.create({
            data: {
              roomId: (await prisma.room.create({ data: { name: 'Комната', createdById: ownerId } })).id,
              createdById: ownerId,
              filename: `${crypto.randomUUID()}.webm`,
              status: 'ready',
            },
          })
        ).id,
        stranger: false,
      }),
      // A stored file of the media library: administrators only.
      MediaFile: async () => ({
        id: (
          await prisma.mediaFile.create({
            data: {
              kind: 'avatar',
              filename: `node-${Date.now()}.png`,
              originalName: 'a.png',
              mimeType: 'image/png',
              size: 1,
              uploaderId: ownerId,
            },
          })
        ).id,
        stranger: false,
        adminOnly: true,
      }),
      // An integrator's key: administrators only.
      ApiKey: async () => ({
        id: (
          await prisma.apiKey.create({
            data: { name: 'Ключ', keyHash: `node-${Date.now()}`, prefix: 'lk_node', scopes: ['read'], createdById: ownerId },
          })
        ).id,
        stranger: false,
        adminOnly: true,
      }),
      // A stylesheet of the site: administrators only.
      Stylesheet: async () => ({
        id: (await prisma.stylesheet.create({ data: { name: 'Стиль', content: 'body { color: red }' } })).id,
        stranger: false,
        adminOnly: true,
      }),
      // A template of the site (mails, landing page): administrators only.
      Template: async () => ({
        id: (await prisma.template.create({ data: { name: 'Шаблон', templateType: 'mail', content: '{{body}}' } })).id,
        stranger: false,
        adminOnly: true,
      }),
      // A colour theme of the site: administrators only (visitors read the active look through siteTheme).
      Theme: async () => ({
        id: (await prisma.theme.findFirstOrThrow({ where: { name: 'Тёмная' } })).id,
        stranger: false,
        adminOnly: true,
      }),
      // A question of the trivia bank (it holds the answer): administrators only.
      TriviaQuestion: async () => ({
        id: (await prisma.triviaQuestion.findFirstOrThrow({ where: { locale: 'ru' } })).id,
        stranger: false,
        adminOnly: true,
      }),
      // A subscription group: administrators only.
      SubscriptionGroup: async () => ({
        id: (
          await prisma.subscriptionGroup.create({
            data: {
              name: 'Группа',
              plan: { create: { key: `group-${Date.now()}`, name: 'План', price: 100, maxParticipants: 10 } },
              members: { create: { userId: ownerId } },
            },
          })
        ).id,
        stranger: false,
        adminOnly: true,
      }),
      // A CMS module card: administrators only.
      Module: async () => ({
        id: (await prisma.module.create({ data: { name: `node-${Date.now()}` } })).id,
        stranger: false,
        adminOnly: true,
      }),
    };
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && type.getInterfaces().some((i) => i.name === 'Node'))
      .map((type) => type.name)
      .sort();
    // A new Node type fails here until it gets a fixture (and so a declared read rule under test).
    expect(nodeTypes).toEqual(Object.keys(fixtures).sort());

    const read = async (ids: string[], token?: string) => {
      const result = await app.graphql(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids }, { token });
      expect(result.errors).toBeUndefined();
      return result.data!.nodes.map((node: { id: string } | null) => node?.id ?? null);
    };
    for (const type of nodeTypes) {
      const fixture = await fixtures[type]();
      const id = encodeGlobalID(type, fixture.id);
      const missing = encodeGlobalID(type, 2_000_000_000);
      expect({ type, anonymous: await read([id, missing]) }).toEqual({ type, anonymous: [null, null] });
      expect({ type, stranger: await read([id], stranger.token) }).toEqual({ type, stranger: [fixture.stranger ? id : null] });
      const reader = fixture.adminOnly ? admin : owner;
      expect({ type, owner: await read([id, missing], reader.token) }).toEqual({ type, owner: [id, null] });
      if (fixture.adminOnly) expect({ type, member: await read([id], owner.token) }).toEqual({ type, member: [null] });
    }
    for (const malformed of [
      'garbage',
      encodeGlobalID('Nope', 1),
      encodeGlobalID('User', 'x'),
      encodeGlobalID('User', '99999999999999999999'),
    ]) {
      const result = await app.graphql(`query ($id: ID!) { node(id: $id) { id } }`, { id: malformed }, { token: owner.token });
      expect({ malformed, result }).toEqual({ malformed, result: { data: { node: null } } });
    }
  });
});
