import { z } from 'zod';
import { ConflictError, ForbiddenError, LimitReachedError } from '../../errors';
import { toValidationError } from '../../validation';
import { LOCALES } from '../../../i18n';
import type { Locale } from '../../../i18n/locale';
import type { ActivityRules, SessionState } from '../types';
import type { GamePlay, MiniGame } from './game';
import { wordChain } from './wordChain';
import { guessNumber } from './guessNumber';
import { emojiStory } from './emojiStory';
import { trivia, TRIVIA_QUESTIONS } from './trivia';
import { drawTriviaQuestions } from './triviaBank';
import type { PrismaClient } from '../../../db';

/**
 * The mini-games kind: the host launches one of the four games, people in the room join, the host
 * starts it once there are enough players (the order of play is fixed then), and every move is
 * checked here by that game's rules. Who joins after the start watches.
 */
export const MINI_GAMES = {
  word_chain: wordChain,
  guess_number: guessNumber,
  trivia,
  emoji_story: emojiStory,
} satisfies Record<string, { minPlayers: number; maxPlayers: number }>;
export type MiniGameId = keyof typeof MINI_GAMES;

const gameOf = (id: MiniGameId) => MINI_GAMES[id] as MiniGame<unknown>;

/**
 * The launch input, made by the server from the host's choice (the game), their language and, for
 * trivia, questions drawn from the bank (drawTriviaQuestions) — never questions a client sent.
 */
const setupInput = z.object({
  game: z.enum(Object.keys(MINI_GAMES) as [MiniGameId, ...MiniGameId[]], { message: 'games.choose' }),
  locale: z.enum(LOCALES as [Locale, ...Locale[]]).default('ru'),
  triviaQuestions: z
    .array(z.object({ prompt: z.string(), options: z.array(z.string()), correctIndex: z.number().int() }))
    .default([]),
});
/** The launch input of `game` hosted in `locale` (trivia draws its questions from the bank now). */
export const gamesSetupInput = async (prisma: PrismaClient, locale: Locale, game: MiniGameId) => ({
  game,
  locale,
  triviaQuestions: game === 'trivia' ? await drawTriviaQuestions(prisma, locale, TRIVIA_QUESTIONS) : [],
});

type GamesSetup = { game: MiniGameId; locale: Locale; rules: unknown };

export type GamesMove = { action: 'start' } | ({ action: 'play' } & Record<string, unknown>);
export type GamesView = {
  game: MiniGameId;
  minPlayers: number;
  maxPlayers: number;
  phase: 'waiting' | 'playing' | 'finished';
  /** The players in turn order, once started. */
  order: number[];
  play: unknown;
};

type Started = { order: number[]; at: number };

function startOf(state: SessionState<GamesSetup>): Started | null {
  const start = state.moves.find((move) => move.key === 'start');
  return start ? (start.payload as Started) : null;
}

function gamePlay(state: SessionState<GamesSetup>, start: Started, now: number): GamePlay<unknown> {
  return {
    setup: state.session.setup.rules,
    order: start.order,
    startedAt: start.at,
    moves: state.moves
      .filter((move) => move.key !== 'start')
      .map((move) => {
        const payload = move.payload as Record<string, unknown>;
        return { userId: move.userId, at: Number(payload.at), payload };
      }),
    leftAt: new Map(
      state.players.filter((player) => player.leftAt !== null).map((player) => [player.userId, player.leftAt!.getTime()]),
    ),
    now,
  };
}

export const gamesRules: ActivityRules<GamesSetup, GamesMove, GamesView> = {
  parseSetup(input) {
    const parsed = setupInput.safeParse(input ?? {});
    if (!parsed.success) throw toValidationError(parsed.error);
    const { game, locale, triviaQuestions } = parsed.data;
    return { game, locale, rules: gameOf(game).setup({ locale, random: Math.random, triviaQuestions }) };
  },

  capacity: (setup) => gameOf(setup.game).maxPlayers,

  acceptMove(state, userId, move) {
    const game = gameOf(state.session.setup.game);
    const start = startOf(state);
    const now = Date.now();
    if (move.action === 'start') {
      if (state.session.hostId !== userId) throw new ForbiddenError('activities.hostOnly');
      if (start) throw new ConflictError('move', 'games.started');
      const order = state.players.filter((player) => player.leftAt === null).map((player) => player.userId);
      if (order.length < game.minPlayers || order.length > game.maxPlayers) {
        throw new LimitReachedError('games.playerCount', game.maxPlayers, { min: game.minPlayers, max: game.maxPlayers });
      }
      return { key: 'start', payload: { order, at: now } };
    }
    if (!start) throw new ConflictError('move', 'games.notStarted');
    if (!start.order.includes(userId)) throw new ForbiddenError('games.watching');
    const play = gamePlay(state, start, now);
    const payload = game.play(play, userId, move);
    // Two moves of one player read the same state: the second has the same key and is refused.
    return { key: `move:${play.moves.length}`, payload: { ...payload, at: now } as Record<string, string | number | boolean> };
  },

  duplicateMoveKey: 'games.notYourTurn',

  view(state, viewerId, now) {
    const { game: id } = state.session.setup;
    const game = gameOf(id);
    const start = startOf(state);
    const play = start ? game.view(gamePlay(state, start, now.getTime()), viewerId) : null;
    const finished = (play as { finished?: boolean } | null)?.finished === true;
    return {
      game: id,
      minPlayers: game.minPlayers,
      maxPlayers: game.maxPlayers,
      phase: !start ? 'waiting' : finished ? 'finished' : 'playing',
      order: start?.order ?? [],
      play,
    };
  },
};
