import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { multiPagePdf } from '../support/pdf';
import { translate } from '../../server/src/i18n';
import { RateLimitError } from '../../server/src/services/errors';
import { POINTER_MESSAGES_PER_SECOND, relayPointer } from '../../server/src/services/activities/presentation';
import { meetingTestServer, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * The presentation activity (issue 18 point 5): a PDF of the room's files (its content decides, not
 * its name), the presenter's page changes (the host only, within the PDF), what viewers see, the laser
 * pointer relayed and never stored, and the capacity of 50.
 */
const meeting = meetingTestServer();

const { gql } = meeting;

const SESSION = `id databaseId kind capacity viewerIsHost viewerIsPlayer presentation { fileId fileName fileUrl pageCount page }`;
const RESULT = `__typename
  ... on Error { message }
  ... on ValidationError { fieldErrors { path message } }
  ... on ActivitySessionPayload { session { ${SESSION} } }`;
const LAUNCH = `mutation($roomId: ID!, $presentation: PresentationSetupInput) {
  launchActivity(roomId: $roomId, kind: PRESENTATION, presentation: $presentation) { ${RESULT} }
}`;
const SHOW = `mutation($id: ID!, $page: Int!) { showPresentationPage(sessionId: $id, page: $page) { ${RESULT} } }`;
const JOIN = `mutation($id: ID!) { joinActivity(sessionId: $id) { ${RESULT} ... on LimitReachedError { limit } } }`;
const POINT = `mutation($id: ID!, $x: Float, $y: Float) {
  movePresentationPointer(sessionId: $id, x: $x, y: $y) {
    __typename
    ... on Error { message }
    ... on ValidationError { fieldErrors { message } }
    ... on PresentationPointerRelayed { relayed }
  }
}`;
const CURRENT = `query($roomId: ID!) { node(id: $roomId) { ... on Room { currentActivity { ${SESSION} } } } }`;

const roomWith = (...people: Member[]) => meeting.roomWith(people);
const members = (count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => quickMember(meeting.server.services, `Зритель${i}`)));

/**
 * A file of the room as the room files store keeps it. The renamed text file below could not come
 * through an upload (which checks content against the name); the launch checks again, on its own.
 */
async function roomFile(roomId: number, uploader: Member, bytes: Buffer, name: string, mimeType = 'application/pdf') {
  const filename = await meeting.server.services.roomFileStore.storeUpload(new Uint8Array(bytes), { extension: '.pdf' });
  const file = await meeting.server.services.prisma.roomFile.create({
    data: { roomId, filename, originalName: name, size: bytes.length, mimeType, uploaderId: uploader.id },
  });
  return encodeGlobalID('RoomFile', file.id);
}

async function launch(host: Member, roomId: number, fileId: string, pageCount = 3, locale = 'ru') {
  return (await gql(host, LAUNCH, { roomId: roomGlobalId(roomId), presentation: { fileId, pageCount } }, locale)).launchActivity;
}

async function presenting(host: Member, ...viewers: Member[]) {
  const room = await roomWith(host, ...viewers);
  const fileId = await roomFile(room.id, host, multiPagePdf(3), 'слайды.pdf');
  const launched = await launch(host, room.id, fileId);
  expect(launched.__typename).toBe('ActivitySessionPayload');
  return { room, fileId, session: launched.session };
}

describe('launching a presentation', () => {
  it('presents a real PDF of the room, and refuses a renamed non-PDF with a message in each language', async () => {
    const [anna] = await members(1);
    const room = await roomWith(anna!);
    const notPdf = await roomFile(room.id, anna!, Buffer.from('Просто текст, не PDF\n'), 'слайды.pdf');
    for (const [locale, message] of [
      ['ru', 'Файл «слайды.pdf» не является PDF-документом: показать можно только PDF'],
      ['en', 'The file “слайды.pdf” is not a PDF document: only PDFs can be presented'],
      ['fr', 'Le fichier « слайды.pdf » n’est pas un document PDF : seuls les PDF peuvent être présentés'],
    ] as const) {
      expect(await launch(anna!, room.id, notPdf, 3, locale)).toEqual({ __typename: 'UnsupportedFileTypeError', message });
    }
    expect(await meeting.server.services.prisma.activitySession.count({ where: { roomId: room.id } })).toBe(0);

    // No file at all, a page count that is not one, a file of another room: refused, nothing started.
    const none = await gql(anna!, LAUNCH, { roomId: roomGlobalId(room.id) }, 'en');
    expect(none.launchActivity.fieldErrors).toEqual([
      { path: ['presentation', 'fileId'], message: 'Choose a PDF from the room’s files' },
    ]);
    const pdf = await roomFile(room.id, anna!, multiPagePdf(3), 'deck.pdf');
    expect((await launch(anna!, room.id, pdf, 0, 'en')).fieldErrors).toEqual([
      { path: ['pageCount'], message: 'Invalid number of pages' },
    ]);
    const [boris] = await members(1);
    const elsewhere = await roomWith(boris!);
    const theirs = await roomFile(elsewhere.id, boris!, multiPagePdf(2), 'theirs.pdf');
    expect(await launch(anna!, room.id, theirs, 2, 'en')).toEqual({
      __typename: 'NotFoundError',
      message: 'The file is not among this room’s files',
    });

    const launched = await launch(anna!, room.id, pdf);
    expect(launched.session).toMatchObject({
      kind: 'PRESENTATION',
      capacity: 50,
      viewerIsHost: true,
      presentation: { fileId: pdf, fileName: 'deck.pdf', pageCount: 3, page: 1 },
    });
    // The room files' own signed link: it downloads the PDF.
    const download = await fetch(`${meeting.server.url}${launched.session.presentation.fileUrl}`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('pages', () => {
  it('are changed by the presenter only, within the PDF, and every viewer sees the page', async () => {
    const [host, viewer, watcher] = await members(3);
    const { room, session } = await presenting(host!, viewer!, watcher!);
    expect((await gql(viewer!, JOIN, { id: session.id })).joinActivity.__typename).toBe('ActivitySessionPayload');

    expect((await gql(host!, SHOW, { id: session.id, page: 2 })).showPresentationPage.session.presentation.page).toBe(2);
    // A player who joined, and someone in the room who only watches, both see page 2.
    for (const member of [viewer!, watcher!]) {
      const { node } = await gql(member, CURRENT, { roomId: roomGlobalId(room.id) });
      expect(node.currentActivity.presentation).toMatchObject({ page: 2, pageCount: 3, fileName: 'слайды.pdf' });
    }

    expect((await gql(viewer!, SHOW, { id: session.id, page: 3 }, 'en')).showPresentationPage).toEqual({
      __typename: 'ForbiddenError',
      message: 'Only the presenter can do this',
    });
    expect((await gql(watcher!, SHOW, { id: session.id, page: 3 }, 'fr')).showPresentationPage.__typename).toBe('ForbiddenError');
    for (const page of [0, 4, -1]) {
      expect((await gql(host!, SHOW, { id: session.id, page }, 'fr')).showPresentationPage.fieldErrors).toEqual([
        { path: ['page'], message: 'Cette page n’existe pas : les pages vont de 1 à 3' },
      ]);
    }

    // Back to a page shown before is a new change; the last one counts.
    await gql(host!, SHOW, { id: session.id, page: 3 });
    expect((await gql(host!, SHOW, { id: session.id, page: 2 })).showPresentationPage.session.presentation.page).toBe(2);
    const { node } = await gql(watcher!, CURRENT, { roomId: roomGlobalId(room.id) });
    expect(node.currentActivity.presentation.page).toBe(2);
  });

  it('stay in one order when the presenter sends two changes at once', async () => {
    const [host] = await members(1);
    const { room, session } = await presenting(host!);
    const results = await Promise.all([3, 3, 2, 3].map((page) => gql(host!, SHOW, { id: session.id, page }, 'en')));
    const outcomes = results.map((result) => result.showPresentationPage);
    for (const outcome of outcomes) {
      if (outcome.__typename !== 'ActivitySessionPayload') {
        expect(outcome).toEqual({ __typename: 'ConflictError', message: 'The page has just changed: try again' });
      }
    }
    const moves = await meeting.server.services.prisma.activityMove.findMany({
      where: { sessionId: session.databaseId },
      orderBy: { id: 'asc' },
    });
    // Each stored change has its own place in the sequence: nothing stored twice for one place.
    expect(moves.map((move) => move.key)).toEqual(moves.map((_, index) => `change:${index + 1}`));
    const { node } = await gql(host!, CURRENT, { roomId: roomGlobalId(room.id) });
    expect(node.currentActivity.presentation.page).toBe((moves.at(-1)!.payload as { page: number }).page);
  });
});

describe('the laser pointer', () => {
  it('reaches everyone watching, is never stored, and refuses malformed or too frequent messages', async () => {
    const [host, viewer] = await members(2);
    const { session } = await presenting(host!, viewer!);
    const received: unknown[] = [];
    const errors: unknown[] = [];
    const subscribed = meeting.clients.connect(viewer!).subscribe<{ presentationPointer: unknown }>(
      { query: 'subscription($id: ID!) { presentationPointer(sessionId: $id) { x y } }', variables: { id: session.id } },
      {
        next: (value) => (value.errors ? errors.push(...value.errors) : received.push(value.data!.presentationPointer)),
        error: (e) => errors.push(e),
        complete: () => {},
      },
    );
    const movesBefore = await meeting.server.services.prisma.activityMove.count({ where: { sessionId: session.databaseId } });
    // The subscription is up once a message sent now arrives.
    for (let i = 0; i < 50 && received.length === 0; i++) {
      await gql(host!, POINT, { id: session.id, x: 0.25, y: 0.75 });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(received.at(-1)).toEqual({ x: 0.25, y: 0.75 });
    expect((await gql(host!, POINT, { id: session.id, x: null, y: null })).movePresentationPointer).toEqual({
      __typename: 'PresentationPointerRelayed',
      relayed: true,
    });
    await expect.poll(() => received.at(-1)).toEqual({ x: null, y: null });

    // Off the page, half a position, not a number: refused.
    for (const point of [
      { x: 1.5, y: 0.2 },
      { x: 0.5, y: null },
      { x: -0.1, y: 0.1 },
    ]) {
      expect((await gql(host!, POINT, { id: session.id, ...point }, 'en')).movePresentationPointer).toEqual({
        __typename: 'ValidationError',
        message: expect.any(String),
        fieldErrors: [{ message: 'The pointer’s position must be on the page' }],
      });
    }
    const nan = await meeting.clients.graphql(host!, POINT, { id: session.id, x: 'NaN', y: 0.5 });
    expect(nan.errors).toBeDefined();
    // Only the presenter points.
    expect((await gql(viewer!, POINT, { id: session.id, x: 0.5, y: 0.5 }, 'en')).movePresentationPointer).toEqual({
      __typename: 'ForbiddenError',
      message: 'Only the presenter can do this',
    });
    // Faster than 30 a second: refused. The flood goes to the service itself, so that it arrives within
    // one second however busy this machine is (through HTTP, sixty requests can take longer than that).
    const burst = await Promise.all(
      Array.from({ length: 60 }, () =>
        relayPointer(meeting.server.services, host!.id, session.databaseId, { x: 0.5, y: 0.5 }).then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    const refused = burst.filter((error) => error instanceof RateLimitError);
    expect(refused.length).toBeGreaterThanOrEqual(60 - POINTER_MESSAGES_PER_SECOND);
    expect(translate('en', refused[0]!.messageKey, refused[0]!.params)).toMatch(/^The pointer is sending too often: wait \d+ s$/);

    // Nothing of it stored: no moves, and the session's view has no pointer.
    expect(await meeting.server.services.prisma.activityMove.count({ where: { sessionId: session.databaseId } })).toBe(
      movesBefore,
    );
    expect(errors).toEqual([]);
    subscribed();
  });

  it('is refused to someone not in the room', async () => {
    const [host, outsider] = await members(2);
    const { session } = await presenting(host!);
    const errors: { message: string }[] = [];
    meeting.clients.connect(outsider!).subscribe(
      { query: 'subscription($id: ID!) { presentationPointer(sessionId: $id) { x y } }', variables: { id: session.id } },
      {
        next: (value) => void (value.errors && errors.push(...(value.errors as { message: string }[]))),
        error: (e) => errors.push(e as { message: string }),
        complete: () => {},
      },
    );
    await expect.poll(() => errors.length).toBeGreaterThan(0);
  });
});

describe('capacity', () => {
  it('takes 50 players and refuses the 51st; anyone else in the room still watches', async () => {
    const people = await members(52);
    const [host, ...others] = people;
    const room = await roomWith(host!);
    // The others are in the room's call (a stay row, as joinRoom writes it): the plan limits of rooms are not what is tested here.
    await meeting.server.services.prisma.roomParticipant.createMany({
      data: others.map((member) => ({ roomId: room.id, userId: member.id })),
    });
    const fileId = await roomFile(room.id, host!, multiPagePdf(2), 'deck.pdf');
    const { session } = await launch(host!, room.id, fileId, 2);
    for (const member of others.slice(0, 49)) {
      expect((await gql(member, JOIN, { id: session.id })).joinActivity.__typename).toBe('ActivitySessionPayload');
    }
    expect((await gql(others[49]!, JOIN, { id: session.id }, 'en')).joinActivity).toEqual({
      __typename: 'LimitReachedError',
      message: 'The activity is full: at most 50 participants',
      limit: 50,
    });
    await gql(host!, SHOW, { id: session.id, page: 2 });
    const { node } = await gql(others[50]!, CURRENT, { roomId: roomGlobalId(room.id) });
    expect(node.currentActivity).toMatchObject({ viewerIsPlayer: false, presentation: { page: 2 } });
  });
});
