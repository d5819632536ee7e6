import { describe, expect, it } from 'vitest';
import { meetingTestServer, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * The mini-games through the API (issue 18 point 4): launching one, its own player limit as the
 * session's capacity, the host's start, moves checked on the server (out of turn, bad words, a secret
 * kept until found) and what each viewer sees. The rules themselves: miniGames.test.ts.
 */
const meeting = meetingTestServer();

const { gql } = meeting;

const player = `player { databaseId }`;
const SESSION = `id databaseId capacity players { user { databaseId } }
  games {
    game phase minPlayers maxPlayers order { databaseId }
    wordChain { words { ${player} word } nextLetter currentPlayer { databaseId } turnEndsAt winner { databaseId } finished }
    guessNumber { max guesses { ${player} guess reply } currentPlayer { databaseId } winner { databaseId } secret finished }
    trivia { questionCount current { index prompt options viewerChoice } past { index correctIndex choices { ${player} choice } }
      scores { ${player} points } finished }
  }`;
const RESULT = (extra = '') => `__typename
  ... on Error { message }
  ${extra}
  ... on ValidationError { fieldErrors { path message } }
  ... on ActivitySessionPayload { session { ${SESSION} } }`;
const LAUNCH = `mutation($roomId: ID!, $games: GamesSetupInput) {
  launchActivity(roomId: $roomId, kind: GAMES, games: $games) { ${RESULT()} }
}`;
const JOIN = `mutation($id: ID!) { joinActivity(sessionId: $id) { ${RESULT('... on LimitReachedError { limit }')} } }`;
const PLAY = `mutation($id: ID!, $move: MiniGameMoveInput!) { playMiniGame(sessionId: $id, move: $move) { ${RESULT('... on LimitReachedError { limit }')} } }`;
const CURRENT = `query($roomId: ID!) { node(id: $roomId) { ... on Room { currentActivity { ${SESSION} } } } }`;

const members = (count: number) =>
  Promise.all(Array.from({ length: count }, (_, i) => quickMember(meeting.server.services, `Игрок${i}`)));

/**
 * A room with `people` in its call: the first joined through the API, the others as stay rows (as
 * joinRoom writes them), since the plan limits of rooms are not what is tested here.
 */
async function roomInCall(people: Member[]) {
  const room = await meeting.roomWith(people.slice(0, 1));
  await meeting.server.services.prisma.roomParticipant.createMany({
    data: people.slice(1).map((member) => ({ roomId: room.id, userId: member.id })),
  });
  return room;
}

/** A room with `people` in it, the first hosting `game`, everyone else joined; answers the session. */
async function gameWith(game: string, people: Member[], locale = 'ru') {
  const room = await roomInCall(people);
  const { launchActivity } = await gql(people[0]!, LAUNCH, { roomId: roomGlobalId(room.id), games: { game } }, locale);
  expect(launchActivity.__typename).toBe('ActivitySessionPayload');
  for (const member of people.slice(1)) {
    expect((await gql(member, JOIN, { id: launchActivity.session.id })).joinActivity.__typename).toBe('ActivitySessionPayload');
  }
  return { room, session: launchActivity.session as { id: string; databaseId: number; capacity: number } };
}

const play = (member: Member, sessionId: string, move: Record<string, unknown>, locale = 'ru') =>
  gql(member, PLAY, { id: sessionId, move }, locale).then((data) => data.playMiniGame);

describe('launching a mini-game', () => {
  it('needs a game named, and takes that game’s own player limit as its capacity', async () => {
    const [anna] = await members(1);
    const room = await meeting.roomWith([anna!]);
    const none = await gql(anna!, LAUNCH, { roomId: roomGlobalId(room.id) }, 'en');
    expect(none.launchActivity).toMatchObject({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['game'], message: 'Choose a game: word chain, guess the number, trivia or emoji story' }],
    });
    expect(await meeting.server.services.prisma.activitySession.count({ where: { roomId: room.id } })).toBe(0);

    const guess = await gql(anna!, LAUNCH, { roomId: roomGlobalId(room.id), games: { game: 'GUESS_NUMBER' } });
    expect(guess.launchActivity.session).toMatchObject({
      capacity: 6,
      games: { game: 'GUESS_NUMBER', phase: 'WAITING', minPlayers: 2, maxPlayers: 6, order: [], guessNumber: null },
    });
  });

  it('lets ten play trivia, past the games’ eight, and only six guess the number', async () => {
    const people = await members(10);
    const trivia = await gameWith('TRIVIA', people);
    expect(trivia.session.capacity).toBe(10);
    expect(
      await meeting.server.services.prisma.activitySessionPlayer.count({ where: { sessionId: trivia.session.databaseId } }),
    ).toBe(10);

    const seven = people.slice(0, 7);
    const room = await roomInCall(seven);
    const { launchActivity } = await gql(seven[0]!, LAUNCH, { roomId: roomGlobalId(room.id), games: { game: 'GUESS_NUMBER' } });
    const joins = [];
    for (const member of seven.slice(1))
      joins.push((await gql(member, JOIN, { id: launchActivity.session.id }, 'en')).joinActivity);
    expect(joins.slice(0, 5).map((join) => join.__typename)).toEqual(Array(5).fill('ActivitySessionPayload'));
    expect(joins[5]).toMatchObject({ __typename: 'LimitReachedError', limit: 6 });
  });
});

describe('word chain', () => {
  it('starts by the host only, then refuses a move out of turn and a word on the wrong letter', async () => {
    const [anna, boris, clara] = await members(3);
    const { room, session } = await gameWith('WORD_CHAIN', [anna!, boris!]);

    const notHost = await play(boris!, session.id, { action: 'START' }, 'en');
    expect(notHost).toMatchObject({ __typename: 'ForbiddenError' });
    const early = await play(boris!, session.id, { action: 'PLAY', word: 'арбуз' });
    expect(early).toEqual({
      __typename: 'ConflictError',
      message: 'Игра ещё не началась: ведущий начнёт её, когда соберутся игроки',
    });
    const started = await play(anna!, session.id, { action: 'START' });
    expect(started.session.games).toMatchObject({
      phase: 'PLAYING',
      order: [{ databaseId: anna!.id }, { databaseId: boris!.id }],
    });
    expect(started.session.games.wordChain.currentPlayer).toEqual({ databaseId: anna!.id });

    const outOfTurn = await play(boris!, session.id, { action: 'PLAY', word: 'арбуз' }, 'en');
    expect(outOfTurn).toEqual({ __typename: 'ConflictError', message: 'It is not your turn' });
    expect((await play(anna!, session.id, { action: 'PLAY', word: 'Арбуз' })).__typename).toBe('ActivitySessionPayload');
    const wrongLetter = await play(boris!, session.id, { action: 'PLAY', word: 'слон' }, 'fr');
    expect(wrongLetter.fieldErrors).toEqual([{ path: ['word'], message: 'Le mot doit commencer par la lettre « З »' }]);
    const moved = await play(boris!, session.id, { action: 'PLAY', word: 'зебра' });
    expect(moved.session.games.wordChain).toMatchObject({
      words: [
        { player: { databaseId: anna!.id }, word: 'Арбуз' },
        { player: { databaseId: boris!.id }, word: 'зебра' },
      ],
      nextLetter: 'а',
      currentPlayer: { databaseId: anna!.id },
      finished: false,
    });

    // Someone in the room who is not playing sees the same game, and cannot move in it.
    await meeting.clients.graphql(clara!, `mutation($roomId: ID!) { joinRoom(roomId: $roomId) { __typename } }`, {
      roomId: roomGlobalId(room.id),
    });
    const watched = (await gql(clara!, CURRENT, { roomId: roomGlobalId(room.id) })).node.currentActivity.games;
    expect(watched.wordChain.words).toHaveLength(2);
    expect((await play(clara!, session.id, { action: 'PLAY', word: 'арка' })).__typename).toBe('ForbiddenError');
    expect(await meeting.server.services.prisma.activityMove.count({ where: { sessionId: session.databaseId } })).toBe(3);
  });
});

describe('guess the number', () => {
  it('answers higher or lower and shows the number only once someone finds it', async () => {
    const [anna, boris] = await members(2);
    const { session } = await gameWith('GUESS_NUMBER', [anna!, boris!]);
    await play(anna!, session.id, { action: 'START' });
    const { setup } = await meeting.server.services.prisma.activitySession.findUniqueOrThrow({
      where: { id: session.databaseId },
    });
    const secret = (setup as { rules: { secret: number } }).rules.secret;
    const wrong = secret === 1 ? 2 : 1;

    const first = await play(anna!, session.id, { action: 'PLAY', guess: wrong });
    expect(first.session.games.guessNumber).toMatchObject({
      guesses: [{ player: { databaseId: anna!.id }, guess: wrong, reply: wrong < secret ? 'HIGHER' : 'LOWER' }],
      secret: null,
      winner: null,
    });
    const outOfRange = await play(boris!, session.id, { action: 'PLAY', guess: 101 }, 'en');
    expect(outOfRange.fieldErrors).toEqual([{ path: ['guess'], message: 'Name a whole number from 1 to 100' }]);
    const found = await play(boris!, session.id, { action: 'PLAY', guess: secret });
    expect(found.session.games).toMatchObject({
      phase: 'FINISHED',
      guessNumber: { secret, winner: { databaseId: boris!.id }, finished: true, currentPlayer: null },
    });
  });
});

describe('trivia', () => {
  it('asks questions from the bank in the host’s language and shows the right option only after the round', async () => {
    const [anna, boris] = await members(2);
    const { session } = await gameWith('TRIVIA', [anna!, boris!], 'fr');
    const started = await play(anna!, session.id, { action: 'START' });
    const { trivia } = started.session.games;
    const bank = await meeting.server.services.prisma.triviaQuestion.findMany({
      where: { locale: 'fr' },
      select: { prompt: true },
    });
    expect(bank.map((question) => question.prompt)).toContain(trivia.current.prompt);
    expect(trivia).toMatchObject({ current: { index: 0, viewerChoice: null }, past: [] });

    const answered = await play(anna!, session.id, { action: 'PLAY', questionIndex: 0, choiceIndex: 0 });
    expect(answered.session.games.trivia).toMatchObject({ current: { index: 0, viewerChoice: 0 }, past: [] });
    const again = await play(anna!, session.id, { action: 'PLAY', questionIndex: 0, choiceIndex: 1 }, 'en');
    expect(again).toEqual({ __typename: 'ConflictError', message: 'You have already answered this question' });

    // Everyone answered: the round is over and its correct option is shown with everyone's choice.
    const closed = await play(boris!, session.id, { action: 'PLAY', questionIndex: 0, choiceIndex: 1 });
    const { trivia: after } = closed.session.games;
    expect(after.current.index).toBe(1);
    expect(after.past).toEqual([
      {
        index: 0,
        correctIndex: expect.any(Number),
        choices: [
          { player: { databaseId: anna!.id }, choice: 0 },
          { player: { databaseId: boris!.id }, choice: 1 },
        ],
      },
    ]);
    const points = after.past[0].correctIndex === 0 ? [1, 0] : after.past[0].correctIndex === 1 ? [0, 1] : [0, 0];
    expect(
      Object.fromEntries(
        after.scores.map((score: { player: { databaseId: number }; points: number }) => [score.player.databaseId, score.points]),
      ),
    ).toEqual({
      [anna!.id]: points[0],
      [boris!.id]: points[1],
    });
  });
});
