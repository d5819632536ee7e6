import { ConflictError, ValidationError } from '../../errors';
import type { GamePlay, MiniGame } from './game';
import { gameTurns } from './turns';

/**
 * Word chain (2-8 players): in turn, each says a word starting with the last letter of the previous
 * one, never a word already said. A player whose turn time runs out is out; the last one in wins.
 * Words are not checked against a dictionary (there is none on the server): the others see them.
 */
export const WORD_CHAIN_TURN_SECONDS = 30;

type Setup = { turnSeconds: number };
export type WordChainView = {
  words: { userId: number; word: string }[];
  /** The letter the next word must start with (null for the first word). */
  nextLetter: string | null;
  currentPlayer: number | null;
  turnEndsAt: string | null;
  out: number[];
  winner: number | null;
  finished: boolean;
};

/** Lower case, ё as е, accents dropped (é and e are one letter here). */
const normalized = (word: string) => word.trim().toLocaleLowerCase().replace(/ё/g, 'е').normalize('NFD').replace(/\p{M}/gu, '');

/** The letter a word hands on: its last, skipping the Russian letters no word starts with. */
export function lastLetter(word: string): string {
  const letters = [...normalized(word)].filter((char) => /\p{L}/u.test(char));
  for (let i = letters.length - 1; i >= 0; i--) if (!'ьъы'.includes(letters[i]!)) return letters[i]!;
  return letters.at(-1) ?? '';
}

const refusal = (key: 'games.wordChain.word' | 'games.wordChain.letter' | 'games.wordChain.repeat', params = {}) =>
  new ValidationError([{ path: ['word'], messageKey: key, params }]);

function state(game: GamePlay<Setup>) {
  const words = game.moves.map((move) => ({ userId: move.userId, word: String(move.payload.word) }));
  const turns = gameTurns(game, true);
  const last = words.at(-1);
  return { words, turns, nextLetter: last ? lastLetter(last.word) : null };
}

export const wordChain: MiniGame<Setup, WordChainView> = {
  minPlayers: 2,
  maxPlayers: 8,
  setup: () => ({ turnSeconds: WORD_CHAIN_TURN_SECONDS }),

  play(game, userId, move) {
    const { words, turns, nextLetter } = state(game);
    if (turns.current === null) throw new ConflictError('move', 'games.finished');
    if (turns.current !== userId) throw new ConflictError('move', 'games.notYourTurn');
    const word = typeof move.word === 'string' ? move.word.trim() : '';
    if (!/^\p{L}+(?:-\p{L}+)*$/u.test(word) || [...word].length < 2 || [...word].length > 30) {
      throw refusal('games.wordChain.word');
    }
    if (nextLetter && !normalized(word).startsWith(nextLetter)) {
      throw refusal('games.wordChain.letter', { letter: nextLetter.toLocaleUpperCase() });
    }
    if (words.some((said) => normalized(said.word) === normalized(word))) throw refusal('games.wordChain.repeat');
    return { word };
  },

  view(game) {
    const { words, turns, nextLetter } = state(game);
    const finished = turns.current === null;
    return {
      words,
      nextLetter,
      currentPlayer: turns.current,
      turnEndsAt: finished ? null : new Date(turns.deadline).toISOString(),
      out: [...turns.out],
      winner: finished && turns.inGame.length === 1 ? turns.inGame[0]! : null,
      finished,
    };
  },
};
