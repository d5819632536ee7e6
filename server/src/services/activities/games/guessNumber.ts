import { ConflictError, ValidationError } from '../../errors';
import type { GamePlay, MiniGame } from './game';
import { gameTurns } from './turns';

/**
 * Guess the number (2-6 players): the server picks a number from 1 to 100; in turn, each guesses and
 * the server answers higher or lower; the first right guess wins. The number stays on the server
 * until then. A player whose turn time runs out just loses that turn.
 */
export const GUESS_TURN_SECONDS = 30;
export const GUESS_MAX = 100;

type Setup = { secret: number; turnSeconds: number };
type Reply = 'higher' | 'lower' | 'correct';
export type GuessNumberView = {
  max: number;
  guesses: { userId: number; guess: number; reply: Reply }[];
  currentPlayer: number | null;
  turnEndsAt: string | null;
  winner: number | null;
  /** Shown once someone found it. */
  secret: number | null;
  finished: boolean;
};

function state(game: GamePlay<Setup>) {
  const guesses = game.moves.map((move) => ({
    userId: move.userId,
    guess: Number(move.payload.guess),
    reply: move.payload.reply as Reply,
  }));
  const winner = guesses.find((guess) => guess.reply === 'correct')?.userId ?? null;
  const turns = gameTurns(game, false);
  return { guesses, winner, turns, finished: winner !== null || turns.current === null };
}

export const guessNumber: MiniGame<Setup, GuessNumberView> = {
  minPlayers: 2,
  maxPlayers: 6,
  setup: ({ random }) => ({ secret: 1 + Math.floor(random() * GUESS_MAX), turnSeconds: GUESS_TURN_SECONDS }),

  play(game, userId, move) {
    const { turns, finished } = state(game);
    if (finished) throw new ConflictError('move', 'games.finished');
    if (turns.current !== userId) throw new ConflictError('move', 'games.notYourTurn');
    const guess = move.guess;
    if (typeof guess !== 'number' || !Number.isInteger(guess) || guess < 1 || guess > GUESS_MAX) {
      throw new ValidationError([{ path: ['guess'], messageKey: 'games.guess.range', params: { max: GUESS_MAX } }]);
    }
    const { secret } = game.setup;
    return { guess, reply: guess === secret ? 'correct' : guess < secret ? 'higher' : 'lower' };
  },

  view(game) {
    const { guesses, winner, turns, finished } = state(game);
    return {
      max: GUESS_MAX,
      guesses,
      currentPlayer: finished ? null : turns.current,
      turnEndsAt: finished ? null : new Date(turns.deadline).toISOString(),
      winner,
      secret: winner !== null ? game.setup.secret : null,
      finished,
    };
  },
};
