import { ConflictError, ValidationError } from '../../errors';
import type { GamePlay, MiniGame } from './game';
import { gameTurns } from './turns';

/**
 * Emoji story (3-8 players): in turn, each adds one to five emoji to a story, seeing only the piece
 * added just before theirs; after two rounds the whole story shows. A player whose turn time runs
 * out adds nothing that turn.
 */
export const EMOJI_TURN_SECONDS = 45;
export const EMOJI_ROUNDS = 2;
export const EMOJI_MAX_PER_TURN = 5;

type Setup = { turnSeconds: number; rounds: number };
export type EmojiStoryView = {
  /** While playing: the piece just before (what the next player builds on); at the end: every piece. */
  pieces: { userId: number; emoji: string }[];
  piecesSoFar: number;
  turnsLeft: number;
  currentPlayer: number | null;
  turnEndsAt: string | null;
  finished: boolean;
};

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
/** One emoji: a pictograph (with its modifiers and joiners), a flag or a keycap; nothing else. */
const isEmoji = (grapheme: string) =>
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[#*0-9]|\u200d|\ufe0f|\u20e3)+$/u.test(grapheme) &&
  /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|\u20e3/u.test(grapheme);

function state(game: GamePlay<Setup>) {
  const pieces = game.moves.map((move) => ({ userId: move.userId, emoji: String(move.payload.emoji) }));
  const turns = gameTurns(game, false);
  const totalTurns = game.setup.rounds * game.order.length;
  const finished = turns.turn >= totalTurns || turns.current === null;
  return { pieces, turns, finished, turnsLeft: Math.max(totalTurns - turns.turn, 0) };
}

export const emojiStory: MiniGame<Setup, EmojiStoryView> = {
  minPlayers: 3,
  maxPlayers: 8,
  setup: () => ({ turnSeconds: EMOJI_TURN_SECONDS, rounds: EMOJI_ROUNDS }),

  play(game, userId, move) {
    const { turns, finished } = state(game);
    if (finished) throw new ConflictError('move', 'games.finished');
    if (turns.current !== userId) throw new ConflictError('move', 'games.notYourTurn');
    const emoji = typeof move.emoji === 'string' ? move.emoji.replace(/\s+/g, '') : '';
    const parts = graphemes(emoji);
    if (parts.length === 0 || parts.length > EMOJI_MAX_PER_TURN || !parts.every(isEmoji)) {
      throw new ValidationError([{ path: ['emoji'], messageKey: 'games.emoji.only', params: { max: EMOJI_MAX_PER_TURN } }]);
    }
    return { emoji };
  },

  view(game) {
    const { pieces, turns, finished, turnsLeft } = state(game);
    return {
      pieces: finished ? pieces : pieces.slice(-1),
      piecesSoFar: pieces.length,
      turnsLeft,
      currentPlayer: finished ? null : turns.current,
      turnEndsAt: finished ? null : new Date(turns.deadline).toISOString(),
      finished,
    };
  },
};
