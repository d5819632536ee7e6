import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { meetingTestServer, JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { applyBoardUpdate, type Stroke } from '../../server/src/services/drawingBoard';

const meeting = meetingTestServer();

const DRAW = `mutation($sessionId: ID!, $update: String!) {
  drawOnBoard(sessionId: $sessionId, update: $update) {
    __typename
    ... on Error { message }
    ... on ValidationError { fieldErrors { message } }
    ... on DrawOnBoardSuccess { updateId }
  }
}`;
const AWARENESS = `mutation($sessionId: ID!, $update: String!) {
  sendBoardAwareness(sessionId: $sessionId, update: $update) { __typename ... on Error { message } }
}`;

const LAUNCH = `mutation($roomId: ID!) {
  launchActivity(roomId: $roomId, kind: DRAWING) { __typename ... on ActivitySessionPayload { session { id databaseId } } }
}`;
const JOIN_ACTIVITY = `mutation($id: ID!) { joinActivity(sessionId: $id) { __typename } }`;

type BoardEvent = { kind: 'STATE' | 'UPDATE' | 'AWARENESS'; update: string };
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 30));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

/** A member's view of the board: their own Yjs document, kept in step by the subscription. */
function boardClient(member: Member, sessionId: string) {
  const doc = new Y.Doc();
  const events: BoardEvent[] = [];
  const errors: unknown[] = [];
  meeting.clients.connect(member).subscribe<{ drawingBoard: BoardEvent }>(
    {
      query: 'subscription($sessionId: ID!) { drawingBoard(sessionId: $sessionId) { kind update } }',
      variables: { sessionId },
    },
    {
      next: (value) => {
        if (value.errors) return void errors.push(...value.errors);
        const event = value.data!.drawingBoard;
        events.push(event);
        if (event.kind !== 'AWARENESS') Y.applyUpdate(doc, bytesOf(event.update), 'server');
      },
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  const strokes = doc.getMap<Stroke>('strokes');
  return {
    doc,
    strokes,
    events,
    errors,
    /** Makes a change locally and returns the Yjs update it produced (what the browser sends). */
    change(edit: (strokes: Y.Map<Stroke>) => void): string {
      let update: Uint8Array | null = null;
      const capture = (bytes: Uint8Array, origin: unknown) => void (origin !== 'server' && (update = bytes));
      doc.on('update', capture);
      doc.transact(() => edit(strokes), 'local');
      doc.off('update', capture);
      return base64(update!);
    },
  };
}

const stroke = (author: number, extra: Partial<Stroke> = {}): Stroke => ({
  author,
  color: '#1f6feb',
  width: 8,
  points: [10, 10, 0.5, 200, 120, 0.7, 400, 300, 0.4],
  ...extra,
});

/** A room whose call everyone given is in, with a drawing activity `host` launched and `players` joined (watchers only in the call). */
async function drawingWith(host: Member, players: Member[], watchers: Member[] = []) {
  const room = await meeting.server.services.prisma.room.create({ data: { name: 'Доска', createdById: host.id } });
  const roomId = roomGlobalId(room.id);
  for (const member of [host, ...players, ...watchers]) {
    const joined = await meeting.clients.graphql(member, JOIN_ROOM, { roomId });
    expect(joined.data.joinRoom.__typename).toBe('JoinRoomSuccess');
  }
  const launched = await meeting.clients.graphql(host, LAUNCH, { roomId });
  const session = launched.data.launchActivity.session as { id: string; databaseId: number };
  for (const member of players) {
    expect((await meeting.clients.graphql(member, JOIN_ACTIVITY, { id: session.id })).data.joinActivity.__typename).toBe(
      'ActivitySessionPayload',
    );
  }
  return { id: session.id, databaseId: session.databaseId, roomId };
}

describe('drawing board', () => {
  it('delivers a stroke to the others in the room, keeps it for late joiners, stored as Yjs updates', async () => {
    const [anna, boris, vera] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    const room = await drawingWith(anna, [boris]);
    const annaBoard = boardClient(anna, room.id);
    const borisBoard = boardClient(boris, room.id);
    await until(() => annaBoard.events.length > 0 && borisBoard.events.length > 0, 'the first state');
    expect(annaBoard.events[0]!.kind).toBe('STATE');

    const update = annaBoard.change((strokes) => strokes.set('a-1', stroke(anna.id)));
    const drawn = await meeting.clients.graphql(anna, DRAW, { sessionId: room.id, update });
    expect(drawn.data.drawOnBoard.__typename).toBe('DrawOnBoardSuccess');
    await until(() => borisBoard.strokes.has('a-1'), "Boris's copy of the stroke");
    expect(borisBoard.strokes.get('a-1')).toEqual(stroke(anna.id));

    // Vera comes into the room later: the whole board is her first event.
    await meeting.clients.graphql(vera, JOIN_ROOM, { roomId: room.roomId });
    const veraBoard = boardClient(vera, room.id);
    await until(() => veraBoard.events.length > 0, "Vera's state");
    expect(veraBoard.events[0]!.kind).toBe('STATE');
    expect(veraBoard.strokes.toJSON()).toEqual({ 'a-1': stroke(anna.id) });

    // What is stored is enough to rebuild the board (a restarted server reads only these rows).
    const rows = await meeting.server.services.prisma.drawingBoardUpdate.findMany({
      where: { sessionId: room.databaseId },
      orderBy: { id: 'asc' },
    });
    const rebuilt = new Y.Doc();
    for (const row of rows) Y.applyUpdate(rebuilt, row.update);
    expect(rebuilt.getMap('strokes').toJSON()).toEqual({ 'a-1': stroke(anna.id) });
  });

  it('lets players undo only their own strokes and the host clear the board', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await drawingWith(anna, [boris]);
    const annaBoard = boardClient(anna, room.id);
    const borisBoard = boardClient(boris, room.id);
    await until(() => annaBoard.events.length > 0 && borisBoard.events.length > 0, 'the first state');
    const sessionId = room.id;

    await meeting.clients.graphql(anna, DRAW, { sessionId, update: annaBoard.change((s) => s.set('a-1', stroke(anna.id))) });
    await meeting.clients.graphql(boris, DRAW, { sessionId, update: borisBoard.change((s) => s.set('b-1', stroke(boris.id))) });
    await meeting.clients.graphql(boris, DRAW, { sessionId, update: borisBoard.change((s) => s.set('b-2', stroke(boris.id))) });
    await until(() => annaBoard.strokes.size === 3 && borisBoard.strokes.size === 3, 'three strokes on both boards');

    const borisErasesAnna = await meeting.clients.graphql(boris, DRAW, {
      sessionId,
      update: borisBoard.change((s) => s.delete('a-1')),
    });
    expect(borisErasesAnna.data.drawOnBoard).toEqual({
      __typename: 'ForbiddenError',
      message: 'Стирать и отменять можно только свои штрихи; очистить доску может ведущий',
    });
    const borisUndoes = await meeting.clients.graphql(boris, DRAW, {
      sessionId,
      update: borisBoard.change((s) => s.delete('b-2')),
    });
    expect(borisUndoes.data.drawOnBoard.__typename).toBe('DrawOnBoardSuccess');
    await until(() => !annaBoard.strokes.has('b-2'), 'the undo on Anna’s board');
    expect(annaBoard.strokes.has('a-1')).toBe(true);

    const annaClears = await meeting.clients.graphql(anna, DRAW, { sessionId, update: annaBoard.change((s) => s.clear()) });
    expect(annaClears.data.drawOnBoard.__typename).toBe('DrawOnBoardSuccess');
    const late = boardClient(anna, room.id);
    await until(() => late.events.length > 0, 'a fresh state');
    expect(late.strokes.size).toBe(0);
  });

  it('refuses malformed, oversized and forged changes with a clear message, and the board stays as it was', async () => {
    const [anna, boris, outsider] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    const room = await drawingWith(anna, [boris]);
    const sessionId = room.id;
    const annaBoard = boardClient(anna, room.id);
    await until(() => annaBoard.events.length > 0, 'the first state');
    await meeting.clients.graphql(anna, DRAW, { sessionId, update: annaBoard.change((s) => s.set('a-1', stroke(anna.id))) });

    const refusal = async (member: Member, update: string, locale = 'ru') =>
      (await meeting.clients.graphql(member, DRAW, { sessionId, update }, locale)).data.drawOnBoard;
    expect(await refusal(anna, 'not base64!')).toMatchObject({ __typename: 'ValidationError' });
    expect(await refusal(anna, base64(new Uint8Array([9, 9, 9, 9, 9, 9])), 'en')).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ message: 'The board change is malformed and was not accepted' }],
    });
    const huge = base64(new Uint8Array(70 * 1024));
    expect(await refusal(anna, huge, 'fr')).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ message: 'La modification du tableau dépasse 64 Ko' }],
    });

    // Changes made on a scratch copy, so the member's own board is not left holding them.
    const scratch = () => {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(annaBoard.doc));
      let update: Uint8Array | null = null;
      copy.on('update', (bytes: Uint8Array) => void (update = bytes));
      return { strokes: copy.getMap<unknown>('strokes'), doc: copy, update: () => base64(update!) };
    };
    const badColour = scratch();
    badColour.strokes.set('a-2', { ...stroke(anna.id), color: 'red; drop' });
    expect(await refusal(anna, badColour.update(), 'en')).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ message: 'Stroke refused: invalid points, colour or width' }],
    });
    const forged = scratch();
    forged.strokes.set('b-9', stroke(boris.id));
    expect(await refusal(anna, forged.update())).toMatchObject({ __typename: 'ForbiddenError' });
    const rewritten = scratch();
    rewritten.strokes.set('a-1', stroke(anna.id, { color: '#ff0000' }));
    expect(await refusal(anna, rewritten.update())).toMatchObject({ __typename: 'ForbiddenError' });
    const elsewhere = scratch();
    elsewhere.doc.getText('notes').insert(0, 'hidden');
    expect(await refusal(anna, elsewhere.update())).toMatchObject({ __typename: 'ValidationError' });

    // Not in the room's call, or not let into the room at all.
    const outsiders = scratch();
    outsiders.strokes.set('o-1', stroke(outsider.id));
    const notPresent = await meeting.clients.graphql(outsider, DRAW, { sessionId, update: outsiders.update() });
    expect(notPresent.data.drawOnBoard).toEqual({
      __typename: 'ForbiddenError',
      message: 'Присоединитесь к комнате, чтобы рисовать на доске',
    });

    const fresh = boardClient(boris, room.id);
    await until(() => fresh.events.length > 0, 'the state after the refusals');
    expect(Object.keys(fresh.strokes.toJSON())).toEqual(['a-1']);
    expect(fresh.strokes.get('a-1')).toEqual(stroke(anna.id));
  });

  it('shows the board to someone in the room who is not playing, but only players draw', async () => {
    const [anna, boris, watcher] = await Promise.all([1, 2, 3].map(() => quickMember(meeting.server.services)));
    const room = await drawingWith(anna, [boris], [watcher]);
    const annaBoard = boardClient(anna, room.id);
    const watching = boardClient(watcher, room.id);
    await until(() => annaBoard.events.length > 0 && watching.events.length > 0, 'the first state');
    await meeting.clients.graphql(anna, DRAW, {
      sessionId: room.id,
      update: annaBoard.change((s) => s.set('a-1', stroke(anna.id))),
    });
    await until(() => watching.strokes.has('a-1'), 'the stroke on the watcher’s board');

    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(watching.doc));
    let update: Uint8Array | null = null;
    copy.on('update', (bytes: Uint8Array) => void (update = bytes));
    copy.getMap('strokes').set('w-1', stroke(watcher.id));
    const refused = await meeting.clients.graphql(watcher, DRAW, { sessionId: room.id, update: base64(update!) }, 'en');
    expect(refused.data.drawOnBoard).toEqual({
      __typename: 'ForbiddenError',
      message: 'The activity’s players draw: join it first',
    });
  });

  it('relays awareness (cursors) to the room without storing it, and refuses what is not awareness', async () => {
    const [anna, boris] = await Promise.all([1, 2].map(() => quickMember(meeting.server.services)));
    const room = await drawingWith(anna, [boris]);
    const sessionId = room.id;
    const borisBoard = boardClient(boris, room.id);
    await until(() => borisBoard.events.length > 0, 'the first state');

    const awareness = new Awareness(new Y.Doc());
    awareness.setLocalState({ name: 'Анна', cursor: { x: 100, y: 50 } });
    const sent = await meeting.clients.graphql(anna, AWARENESS, {
      sessionId,
      update: base64(encodeAwarenessUpdate(awareness, [awareness.clientID])),
    });
    awareness.destroy();
    expect(sent.data.sendBoardAwareness.__typename).toBe('BoardAwarenessSuccess');
    await until(() => borisBoard.events.some((event) => event.kind === 'AWARENESS'), 'the cursor');
    expect(await meeting.server.services.prisma.drawingBoardUpdate.count({ where: { sessionId: room.databaseId } })).toBe(0);

    const garbage = await meeting.clients.graphql(anna, AWARENESS, {
      sessionId,
      update: base64(new Uint8Array([1, 200, 200, 200])),
    });
    expect(garbage.data.sendBoardAwareness.__typename).toBe('ValidationError');
  });

  it('merges a long history into one stored update, and the board is unchanged', async () => {
    const anna = await quickMember(meeting.server.services);
    const room = await drawingWith(anna, []);
    const doc = new Y.Doc();
    const strokes = doc.getMap<Stroke>('strokes');
    const updates: Uint8Array[] = [];
    doc.on('update', (bytes: Uint8Array) => void updates.push(bytes));
    for (let i = 0; i < 420; i++) strokes.set(`a-${i}`, stroke(anna.id, { width: 1 + (i % 60) }));
    for (let i = 0; i < 100; i++) strokes.delete(`a-${i}`);
    for (const update of updates) {
      await applyBoardUpdate(
        meeting.server.services,
        { userId: anna.id, sessionId: room.databaseId, canDraw: true, canClear: false },
        new Uint8Array(update),
      );
    }
    const rows = await meeting.server.services.prisma.drawingBoardUpdate.findMany({ where: { sessionId: room.databaseId } });
    expect(rows.length).toBeLessThan(150);
    const rebuilt = new Y.Doc();
    for (const row of rows) Y.applyUpdate(rebuilt, row.update);
    expect(rebuilt.getMap('strokes').toJSON()).toEqual(strokes.toJSON());
  });
});
