import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipartOperation } from '../support/app';
import { meetingTestServer, befriend, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { forgedLink } from '../support/signedLinks';

const meeting = meetingTestServer();

const graphql = (member: Member, query: string, variables: Record<string, unknown> = {}) =>
  meeting.clients.graphql(member, query, variables);

type Message = { databaseId: number; type: string; content: string; sender: { databaseId: number } };

function subscribe(member: Member, query: string, variables: Record<string, unknown>) {
  const client = meeting.clients.connect(member);
  const received: Message[] = [];
  const errors: unknown[] = [];
  client.subscribe<Record<string, Message>>(
    { query, variables },
    {
      next: (value) => (value.errors ? errors.push(...value.errors) : received.push(Object.values(value.data!)[0])),
      error: (error) => errors.push(...(Array.isArray(error) ? error : [error])),
      complete: () => {},
    },
  );
  return { received, errors };
}

const settle = (ms = 250) => new Promise((resolve) => setTimeout(resolve, ms));
const MESSAGE_FIELDS = 'databaseId type content sender { databaseId }';

/** Sends a voice message (a GraphQL multipart request) as `member`. */
async function sendVoice(
  member: Member,
  roomId: number,
  bytes: Uint8Array<ArrayBuffer>,
  durationSeconds: number,
  locale = 'ru',
  idempotencyKey?: string,
) {
  const form = multipartOperation(
    `mutation($roomId: ID!, $file: File!, $duration: Int!, $key: String) {
      sendVoiceMessage(roomId: $roomId, file: $file, durationSeconds: $duration, idempotencyKey: $key) {
        __typename
        ... on ValidationError { fieldErrors { path message } }
        ... on RoomChatMessagePayload { chatMessage { databaseId type voice { url mimeType durationSeconds size } } }
      }
    }`,
    { roomId: roomGlobalId(roomId), duration: durationSeconds, key: idempotencyKey },
    { file: new File([bytes], 'voice.webm', { type: 'audio/webm' }) },
  );
  const response = await fetch(`${meeting.server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'accept-language': locale },
    body: form,
  });
  return (await response.json()).data?.sendVoiceMessage;
}

/** A real Opus-in-WebM recording of a tone, `seconds` long, made by ffmpeg. */
function recording(seconds: number, extra: string[]): Uint8Array<ArrayBuffer> {
  const file = path.join(os.tmpdir(), `voice-${process.pid}-${Math.random().toString(36).slice(2)}.webm`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-f',
    'webm',
    ...extra,
    file,
  ]);
  const bytes = new Uint8Array(readFileSync(file));
  rmSync(file);
  return bytes;
}

/** The start of a WebM file as MediaRecorder writes it (EBML header, DocType "webm"). */
const WEBM = new Uint8Array([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0x82,
  0x84,
  0x77,
  0x65,
  0x62,
  0x6d,
  ...new Array(200).fill(7),
]);

async function classWithRoom(members: Member[], isPrivate = false) {
  const meetingClass = await meeting.server.services.prisma.meetingClass.create({
    data: {
      name: 'Класс',
      isPrivate,
      members: { create: members.map((m, i) => ({ userId: m.id, role: i === 0 ? ('admin' as const) : ('member' as const) })) },
    },
  });
  return meeting.server.services.prisma.room.create({ data: { name: 'Комната', classId: meetingClass.id } });
}

describe('room chat', () => {
  it('stores a text message and delivers it live to the members of the room, not to others', async () => {
    const [anna, boris, outsider] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    const room = await classWithRoom([anna, boris], true);
    const query = `subscription($roomId: ID!) { roomChatMessages(roomId: $roomId) { ${MESSAGE_FIELDS} } }`;
    const borisFeed = subscribe(boris, query, { roomId: roomGlobalId(room.id) });
    const outsiderFeed = subscribe(outsider, query, { roomId: roomGlobalId(room.id) });
    await settle();

    const sent = await graphql(
      anna,
      `mutation($roomId: ID!, $input: SendRoomMessageInput!) {
        sendRoomMessage(roomId: $roomId, input: $input) { __typename ... on RoomChatMessagePayload { chatMessage { ${MESSAGE_FIELDS} } } }
      }`,
      { roomId: roomGlobalId(room.id), input: { content: '  Всем привет!  ' } },
    );
    expect(sent.data.sendRoomMessage.chatMessage).toMatchObject({
      type: 'TEXT',
      content: 'Всем привет!',
      sender: { databaseId: anna.id },
    });
    await settle();
    expect(borisFeed.received).toEqual([sent.data.sendRoomMessage.chatMessage]);
    expect(outsiderFeed.received).toEqual([]);
    expect(outsiderFeed.errors).toMatchObject([{ message: 'Комната не найдена или закрыта' }]);

    const blank = await graphql(
      anna,
      `
        mutation ($roomId: ID!) {
          sendRoomMessage(roomId: $roomId, input: { content: "   " }) {
            ... on ValidationError {
              fieldErrors {
                message
              }
            }
          }
        }
      `,
      { roomId: roomGlobalId(room.id) },
    );
    expect(blank.data.sendRoomMessage.fieldErrors).toEqual([{ message: 'Введите сообщение' }]);

    const history = await graphql(
      boris,
      `
        query ($roomId: ID!) {
          roomChatHistory(roomId: $roomId) {
            content
          }
        }
      `,
      {
        roomId: roomGlobalId(room.id),
      },
    );
    expect(history.data.roomChatHistory).toEqual([{ content: 'Всем привет!' }]);
  });

  it("shows a voice message's real length, measured from the recording, not the sender's timer", async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await classWithRoom([anna, boris]);
    // A file with its length in the header, and one as MediaRecorder writes it (live WebM: none).
    const plain = recording(3.4, []);
    const live = recording(3.6, ['-live', '1']);
    expect((await sendVoice(anna, room.id, plain, 5)).chatMessage.voice.durationSeconds).toBe(3);
    expect((await sendVoice(anna, room.id, live, 2)).chatMessage.voice.durationSeconds).toBe(4);
  });

  it('stores a voice message checked by its content and serves it through a signed link only', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await classWithRoom([anna, boris]);
    const voiceFeed = subscribe(boris, `subscription($roomId: ID!) { voiceMessages(roomId: $roomId) { ${MESSAGE_FIELDS} } }`, {
      roomId: roomGlobalId(room.id),
    });
    await settle();

    const sent = await sendVoice(anna, room.id, WEBM, 3);
    expect(sent.chatMessage).toMatchObject({
      type: 'VOICE',
      voice: { mimeType: 'audio/webm', durationSeconds: 3, size: WEBM.length },
    });
    const audio = await fetch(`${meeting.server.url}${sent.chatMessage.voice.url}`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/webm');
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(WEBM);
    const range = await fetch(`${meeting.server.url}${sent.chatMessage.voice.url}`, { headers: { range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(new Uint8Array(await range.arrayBuffer())).toEqual(WEBM.subarray(0, 4));
    const tampered = forgedLink(sent.chatMessage.voice.url);
    expect((await fetch(`${meeting.server.url}${tampered}`)).status).toBe(403);
    await settle();
    expect(voiceFeed.received.map((m) => m.databaseId)).toEqual([sent.chatMessage.databaseId]);

    // Not a recording, too long, too large: refused with the texts, nothing stored.
    const before = await meeting.server.services.prisma.roomChatMessage.count({ where: { roomId: room.id } });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await sendVoice(anna, room.id, png, 3)).fieldErrors).toEqual([
      { path: ['file'], message: 'Голосовое сообщение должно быть записью WebM, Ogg или MP4' },
    ]);
    expect((await sendVoice(anna, room.id, WEBM, 301, 'en')).fieldErrors).toEqual([
      { path: ['durationSeconds'], message: 'A voice message lasts from 1 to 300 seconds' },
    ]);
    const huge = new Uint8Array(6_000_001);
    huge.set(WEBM);
    expect((await sendVoice(anna, room.id, huge, 300)).fieldErrors).toEqual([
      { path: ['file'], message: 'Голосовое сообщение слишком большое' },
    ]);
    expect(await meeting.server.services.prisma.roomChatMessage.count({ where: { roomId: room.id } })).toBe(before);
  });

  it('sends a contact card to chosen people in the room; only they and the sender see it', async () => {
    const [anna, boris, clara, friend] = await Promise.all(
      ['Анна', 'Борис', 'Клара', 'Друг'].map((name) => quickMember(meeting.server.services, name)),
    );
    await befriend(meeting.server.services, anna, friend);
    const room = await classWithRoom([anna, boris, clara]);
    for (const who of [anna, boris, clara]) await graphql(who, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    const cards = subscribe(boris, `subscription { contactCards { databaseId contactCard { name username } } }`, {});
    await settle();

    const SEND = `mutation($roomId: ID!, $contact: ID!, $to: [ID!]!) {
      sendContactCard(roomId: $roomId, contactId: $contact, recipientIds: $to) {
        __typename
        ... on Error { message }
        ... on ValidationError { fieldErrors { path message } }
        ... on RoomChatMessagePayload { chatMessage { databaseId type contactCard { userDatabaseId name username email } recipientDatabaseIds } }
      }
    }`;
    const none = await graphql(anna, SEND, { roomId: roomGlobalId(room.id), contact: friend.globalId, to: [] });
    expect(none.data.sendContactCard.fieldErrors).toEqual([
      { path: ['recipientIds'], message: 'Выберите хотя бы одного получателя' },
    ]);
    const notAContact = await graphql(anna, SEND, {
      roomId: roomGlobalId(room.id),
      contact: clara.globalId,
      to: [boris.globalId],
    });
    expect(notAContact.data.sendContactCard.message).toBe('Поделиться можно только своим контактом или своей карточкой');

    const sent = await graphql(anna, SEND, { roomId: roomGlobalId(room.id), contact: friend.globalId, to: [boris.globalId] });
    expect(sent.data.sendContactCard.chatMessage).toMatchObject({
      type: 'CONTACT_CARD',
      contactCard: {
        userDatabaseId: friend.id,
        name: expect.stringMatching(/^Друг №\d+$/),
        username: friend.username,
        // The friend shows their email to contacts only (the default) and Boris is not one.
        email: null,
      },
      recipientDatabaseIds: [boris.id],
    });
    await settle();
    expect(cards.received).toEqual([
      {
        databaseId: sent.data.sendContactCard.chatMessage.databaseId,
        contactCard: expect.objectContaining({ username: friend.username }),
      },
    ]);

    const seenBy = async (who: Member) =>
      (
        await graphql(
          who,
          `
            query ($roomId: ID!) {
              roomChatHistory(roomId: $roomId) {
                type
              }
            }
          `,
          { roomId: roomGlobalId(room.id) },
        )
      ).data.roomChatHistory;
    expect(await seenBy(boris)).toEqual([{ type: 'CONTACT_CARD' }]);
    expect(await seenBy(anna)).toEqual([{ type: 'CONTACT_CARD' }]);
    expect(await seenBy(clara)).toEqual([]);
  });
});

describe("contact cards and the contact's privacy settings", () => {
  const SEND = `mutation($roomId: ID!, $contact: ID!, $to: [ID!]!) {
    sendContactCard(roomId: $roomId, contactId: $contact, recipientIds: $to) {
      __typename
      ... on RoomChatMessagePayload { chatMessage { databaseId contactCard { username email } } }
    }
  }`;

  it('carry the email only when the contact shows it to every recipient', async () => {
    const [anna, boris, clara, friend] = await Promise.all(
      ['Анна', 'Борис', 'Клара', 'Друг'].map((name) => quickMember(meeting.server.services, name)),
    );
    await befriend(meeting.server.services, anna, friend);
    await befriend(meeting.server.services, boris, friend);
    const room = await classWithRoom([anna, boris, clara]);
    for (const who of [anna, boris, clara]) await graphql(who, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    const setEmailVisibility = (member: Member, emailVisibility: 'nobody' | 'contacts' | 'everyone') =>
      meeting.server.services.prisma.user.update({ where: { id: member.id }, data: { emailVisibility } });
    const cardEmail = async (contact: Member, to: Member[]) => {
      const sent = await graphql(anna, SEND, {
        roomId: roomGlobalId(room.id),
        contact: contact.globalId,
        to: to.map((m) => m.globalId),
      });
      const card = sent.data.sendContactCard.chatMessage.contactCard;
      // What the recipients read later is the same snapshot.
      const [stored] = await graphql(
        to[0],
        `
          query ($roomId: ID!) {
            roomChatHistory(roomId: $roomId) {
              databaseId
              contactCard {
                email
              }
            }
          }
        `,
        {
          roomId: roomGlobalId(room.id),
        },
      ).then((r) =>
        r.data.roomChatHistory.filter(
          (m: { databaseId: number }) => m.databaseId === sent.data.sendContactCard.chatMessage.databaseId,
        ),
      );
      expect(stored.contactCard.email).toBe(card.email);
      return card.email;
    };
    const email = `${friend.username}@example.ru`;

    // "contacts": Boris is the friend's contact, Clara is not; a card to both carries no email.
    await setEmailVisibility(friend, 'contacts');
    expect(await cardEmail(friend, [boris])).toBe(email);
    expect(await cardEmail(friend, [clara])).toBeNull();
    expect(await cardEmail(friend, [boris, clara])).toBeNull();
    // "everyone": any recipient; "nobody": not even a contact.
    await setEmailVisibility(friend, 'everyone');
    expect(await cardEmail(friend, [boris, clara])).toBe(email);
    await setEmailVisibility(friend, 'nobody');
    expect(await cardEmail(friend, [boris])).toBeNull();
    // One's own card follows one's own choice too.
    await setEmailVisibility(anna, 'contacts');
    expect(await cardEmail(anna, [boris])).toBeNull();
    await setEmailVisibility(anna, 'everyone');
    expect(await cardEmail(anna, [boris])).toBe(`${anna.username}@example.ru`);
  });
});

describe('room chat sends with an idempotency key', () => {
  it('stores a retried message once and answers the first one', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await classWithRoom([anna, boris], true);
    const send = () =>
      graphql(
        anna,
        `
          mutation ($roomId: ID!, $input: SendRoomMessageInput!) {
            sendRoomMessage(roomId: $roomId, input: $input) {
              __typename
              ... on RoomChatMessagePayload {
                chatMessage {
                  databaseId
                }
              }
            }
          }
        `,
        { roomId: roomGlobalId(room.id), input: { content: 'Один раз', idempotencyKey: 'room-send-1' } },
      );
    const answers = await Promise.all([send(), send(), send()]);
    const ids = new Set(answers.map((answer) => answer.data.sendRoomMessage.chatMessage.databaseId));
    expect(ids.size).toBe(1);
    expect(await meeting.server.services.prisma.roomChatMessage.count({ where: { roomId: room.id } })).toBe(1);
  });

  it('stores a retried voice message or contact card once and answers the first one', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await classWithRoom([anna, boris]);
    for (const who of [anna, boris]) await graphql(who, JOIN_ROOM, { roomId: roomGlobalId(room.id) });
    const count = (type: 'voice' | 'contact_card') =>
      meeting.server.services.prisma.roomChatMessage.count({ where: { roomId: room.id, type } });

    const voices = await Promise.all([1, 2, 3].map(() => sendVoice(anna, room.id, WEBM, 2, 'ru', 'voice-send-1')));
    expect(new Set(voices.map((sent) => sent.chatMessage.databaseId)).size).toBe(1);
    expect(await count('voice')).toBe(1);

    const card = () =>
      graphql(
        anna,
        `
          mutation ($roomId: ID!, $contact: ID!, $to: [ID!]!, $key: String) {
            sendContactCard(roomId: $roomId, contactId: $contact, recipientIds: $to, idempotencyKey: $key) {
              __typename
              ... on RoomChatMessagePayload {
                chatMessage {
                  databaseId
                }
              }
            }
          }
        `,
        { roomId: roomGlobalId(room.id), contact: anna.globalId, to: [boris.globalId], key: 'card-send-1' },
      );
    const cards = await Promise.all([card(), card(), card()]);
    expect(new Set(cards.map((sent) => sent.data.sendContactCard.chatMessage.databaseId)).size).toBe(1);
    expect(await count('contact_card')).toBe(1);
  });
});
