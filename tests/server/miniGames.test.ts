import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gamesRules, type GamesView, type MiniGameId } from '../../server/src/services/activities/games/games';
import type { SessionState } from '../../server/src/services/activities/types';
import type { WordChainView } from '../../server/src/services/activities/games/wordChain';
import type { GuessNumberView } from '../../server/src/services/activities/games/guessNumber';
import type { TriviaView } from '../../server/src/services/activities/games/trivia';
import type { EmojiStoryView } from '../../server/src/services/activities/games/emojiStory';
import { lastLetter } from '../../server/src/services/activities/games/wordChain';
import { AppError } from '../../server/src/services/errors';

/**
 * The mini-games' rules as the engine calls them (acceptMove, then view), over a session kept in
 * memory the way the engine stores it: players, and accepted moves with their keys.
 */
const T0 = new Date('2026-11-25T10:00:00Z').getTime();
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());
const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** Questions as the server draws them from the bank for a trivia launch. */
const DRAWN = [{ prompt: 'Q', options: ['a', 'b'], correctIndex: 0 }];

function session(game: MiniGameId, players: number[], setup: Record<string, unknown> = {}) {
  const parsed = gamesRules.parseSetup({ game, locale: 'ru', triviaQuestions: DRAWN }) as { rules: Record<string, unknown> };
  const state: SessionState<never> = {
    session: {
      id: 1,
      roomId: 1,
      kind: 'games',
      hostId: players[0]!,
      status: 'active',
      setup: { ...parsed, rules: { ...parsed.rules, ...setup } } as never,
      startedAt: new Date(T0),
      endsAt: null,
      endedAt: null,
    },
    players: players.map((userId) => ({ userId, joinedAt: new Date(T0), leftAt: null })),
    moves: [],
  };
  const keys = new Set<string>();
  const rules = gamesRules as unknown as typeof gamesRules & {
    acceptMove(s: unknown, u: number, m: unknown): { key: string; payload: never };
  };
  return {
    state,
    /** The move as the engine plays it: checked, refused when the same player's key is stored, stored. */
    move(userId: number, move: Record<string, unknown>) {
      const { key, payload } = rules.acceptMove(state, userId, move);
      if (keys.has(`${userId}:${key}`)) throw new Error('duplicate key');
      keys.add(`${userId}:${key}`);
      state.moves.push({ userId, key, payload, createdAt: new Date() });
    },
    view: (viewerId: number) => gamesRules.view(state as never, viewerId, new Date()) as GamesView,
    leave(userId: number) {
      state.players.find((player) => player.userId === userId)!.leftAt = new Date();
    },
  };
}

/** The refusal's message key (what the user is told, translated). */
function refusal(action: () => void): string {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) {
      const fields = (error as { fieldErrors?: { messageKey: string }[] }).fieldErrors;
      return fields?.[0]?.messageKey ?? error.messageKey;
    }
    throw error;
  }
  throw new Error('the move was accepted');
}

describe('starting a mini-game', () => {
  it('is the host’s, once the game’s player count is there; who joins later watches', () => {
    const game = session('emoji_story', [1, 2]);
    expect(refusal(() => game.move(1, { action: 'play', emoji: '🐱' }))).toBe('games.notStarted');
    expect(refusal(() => game.move(1, { action: 'start' }))).toBe('games.playerCount');
    game.state.players.push({ userId: 3, joinedAt: new Date(), leftAt: null });
    expect(refusal(() => game.move(2, { action: 'start' }))).toBe('activities.hostOnly');
    game.move(1, { action: 'start' });
    expect(game.view(2)).toMatchObject({ phase: 'playing', order: [1, 2, 3] });
    expect(refusal(() => game.move(1, { action: 'start' }))).toBe('games.started');
    game.state.players.push({ userId: 4, joinedAt: new Date(), leftAt: null });
    expect(refusal(() => game.move(4, { action: 'play', emoji: '🐶' }))).toBe('games.watching');
  });

  it('takes each game’s own largest number of players', () => {
    expect(gamesRules.capacity!(gamesRules.parseSetup({ game: 'guess_number' }))).toBe(6);
    expect(gamesRules.capacity!(gamesRules.parseSetup({ game: 'trivia', triviaQuestions: DRAWN }))).toBe(10);
    expect(gamesRules.capacity!(gamesRules.parseSetup({ game: 'word_chain' }))).toBe(8);
  });
});

describe('word chain', () => {
  it('takes words in turn, each from the last letter of the one before, never twice', () => {
    const game = session('word_chain', [1, 2, 3]);
    game.move(1, { action: 'start' });
    game.move(1, { action: 'play', word: 'Соль' });
    expect((game.view(1).play as WordChainView).nextLetter).toBe('л');
    expect(refusal(() => game.move(3, { action: 'play', word: 'лиса' }))).toBe('games.notYourTurn');
    expect(refusal(() => game.move(2, { action: 'play', word: 'арбуз' }))).toBe('games.wordChain.letter');
    expect(refusal(() => game.move(2, { action: 'play', word: 'л1са' }))).toBe('games.wordChain.word');
    game.move(2, { action: 'play', word: 'Лиса' });
    expect(refusal(() => game.move(3, { action: 'play', word: 'Соль' }))).toBe('games.wordChain.letter');
    game.move(3, { action: 'play', word: 'ананас' });
    expect(refusal(() => game.move(1, { action: 'play', word: 'соль' }))).toBe('games.wordChain.repeat');
    const view = game.view(2).play as WordChainView;
    expect(view.words.map((word) => word.word)).toEqual(['Соль', 'Лиса', 'ананас']);
    expect(view.currentPlayer).toBe(1);
  });

  it('puts out a player whose turn time runs out; the last one in wins', () => {
    const game = session('word_chain', [1, 2, 3]);
    game.move(1, { action: 'start' });
    game.move(1, { action: 'play', word: 'кот' });
    later(31); // player 2's time ran out: out, and it is player 3's turn
    let view = game.view(1).play as WordChainView;
    expect(view).toMatchObject({ out: [2], currentPlayer: 3, finished: false });
    expect(refusal(() => game.move(2, { action: 'play', word: 'танк' }))).toBe('games.notYourTurn');
    game.move(3, { action: 'play', word: 'танк' });
    later(31); // player 1 out too: player 3 is the last one in
    view = game.view(1).play as WordChainView;
    expect(view).toMatchObject({ out: [2, 1], winner: 3, finished: true, currentPlayer: null });
    expect(game.view(1).phase).toBe('finished');
    expect(refusal(() => game.move(3, { action: 'play', word: 'кран' }))).toBe('games.finished');
  });

  it('skips a player who left', () => {
    const game = session('word_chain', [1, 2, 3]);
    game.move(1, { action: 'start' });
    game.move(1, { action: 'play', word: 'дом' });
    game.leave(2);
    expect((game.view(1).play as WordChainView).currentPlayer).toBe(3);
    game.move(3, { action: 'play', word: 'мир' });
  });

  it('hands on the last letter a word can start with', () => {
    expect(lastLetter('Соль')).toBe('л');
    expect(lastLetter('подъезд')).toBe('д');
    expect(lastLetter('сыры')).toBe('р');
    expect(lastLetter('café')).toBe('e');
    expect(lastLetter('ёлка')).toBe('а');
  });
});

describe('guess the number', () => {
  it('answers higher or lower in turn, keeps the number secret until someone finds it', () => {
    const game = session('guess_number', [1, 2], { secret: 42 });
    game.move(1, { action: 'start' });
    expect(JSON.stringify(game.view(2))).not.toContain('42');
    game.move(1, { action: 'play', guess: 50 });
    expect(refusal(() => game.move(1, { action: 'play', guess: 40 }))).toBe('games.notYourTurn');
    expect(refusal(() => game.move(2, { action: 'play', guess: 101 }))).toBe('games.guess.range');
    game.move(2, { action: 'play', guess: 30 });
    let view = game.view(1).play as GuessNumberView;
    expect(view.guesses.map((g) => g.reply)).toEqual(['lower', 'higher']);
    expect(view.secret).toBeNull();
    later(31); // player 1 missed the turn: it passes to player 2
    expect((game.view(1).play as GuessNumberView).currentPlayer).toBe(2);
    game.move(2, { action: 'play', guess: 42 });
    view = game.view(1).play as GuessNumberView;
    expect(view).toMatchObject({ winner: 2, secret: 42, finished: true });
    expect(refusal(() => game.move(1, { action: 'play', guess: 42 }))).toBe('games.finished');
  });
});

describe('trivia', () => {
  const questions = [
    { prompt: 'Q1', options: ['a', 'b', 'c'], correctIndex: 1 },
    { prompt: 'Q2', options: ['a', 'b'], correctIndex: 0 },
  ];

  it('asks everyone the same question, shows its answer only after the round, scores one point each', () => {
    const game = session('trivia', [1, 2], { questions });
    game.move(1, { action: 'start' });
    let view = game.view(2).play as TriviaView;
    expect(view.current).toMatchObject({ index: 0, prompt: 'Q1', options: ['a', 'b', 'c'] });
    expect(JSON.stringify(view)).not.toContain('correctIndex');
    game.move(1, { action: 'play', questionIndex: 0, choiceIndex: 1 });
    expect(refusal(() => game.move(1, { action: 'play', questionIndex: 0, choiceIndex: 2 }))).toBe('games.trivia.answered');
    expect((game.view(2).play as TriviaView).current?.index).toBe(0);
    game.move(2, { action: 'play', questionIndex: 0, choiceIndex: 0 });
    later(0.001);
    view = game.view(2).play as TriviaView;
    expect(view.current?.index).toBe(1);
    expect(view.past[0]).toMatchObject({
      correctIndex: 1,
      choices: [
        { userId: 1, choice: 1 },
        { userId: 2, choice: 0 },
      ],
    });
    expect(view.scores).toEqual([
      { userId: 1, points: 1 },
      { userId: 2, points: 0 },
    ]);
    later(21); // nobody answered question 2 in time
    expect(refusal(() => game.move(2, { action: 'play', questionIndex: 1, choiceIndex: 0 }))).toBe('games.finished');
    expect(game.view(1)).toMatchObject({ phase: 'finished' });
  });

  it('needs questions in the bank for the host’s language', () => {
    expect(refusal(() => gamesRules.parseSetup({ game: 'trivia', locale: 'fr', triviaQuestions: [] }))).toBe(
      'games.trivia.emptyBank',
    );
  });

  it('refuses an answer to a round that is over', () => {
    const game = session('trivia', [1, 2], { questions });
    game.move(1, { action: 'start' });
    later(21);
    expect(refusal(() => game.move(1, { action: 'play', questionIndex: 0, choiceIndex: 1 }))).toBe('games.trivia.roundOver');
    game.move(1, { action: 'play', questionIndex: 1, choiceIndex: 0 });
  });
});

describe('emoji story', () => {
  it('takes only emoji, shows the piece before yours while playing and the whole story at the end', () => {
    const game = session('emoji_story', [1, 2, 3]);
    game.move(1, { action: 'start' });
    expect(refusal(() => game.move(1, { action: 'play', emoji: 'кот 🐱' }))).toBe('games.emoji.only');
    expect(refusal(() => game.move(1, { action: 'play', emoji: '🐱🐱🐱🐱🐱🐱' }))).toBe('games.emoji.only');
    game.move(1, { action: 'play', emoji: '👩‍🚀🚀' });
    game.move(2, { action: 'play', emoji: '🌕' });
    expect((game.view(3).play as EmojiStoryView).pieces).toEqual([{ userId: 2, emoji: '🌕' }]);
    game.move(3, { action: 'play', emoji: '🇫🇷' });
    game.move(1, { action: 'play', emoji: '👽' });
    game.move(2, { action: 'play', emoji: '🤝' });
    expect(game.view(1).phase).toBe('playing');
    game.move(3, { action: 'play', emoji: '🎉' });
    const view = game.view(1).play as EmojiStoryView;
    expect(view.finished).toBe(true);
    expect(view.pieces.map((piece) => piece.emoji).join('')).toBe('👩‍🚀🚀🌕🇫🇷👽🤝🎉');
  });
});
