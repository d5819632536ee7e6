import type { Locale } from '../../../i18n/locale';
import type { TriviaQuestion } from './triviaBank';

/** What a mini-game's rules read: its setup, the order fixed at the start, and the moves since. */
export type GamePlay<Setup> = {
  setup: Setup;
  /** The players in turn order when the host started the game. */
  order: number[];
  startedAt: number;
  /** Accepted moves, oldest first; `at` is when the server accepted each (ms). */
  moves: { userId: number; at: number; payload: Record<string, unknown> }[];
  /** When players left the activity (ms). */
  leftAt: Map<number, number>;
  now: number;
};

/** What a game's setup may use: the host's language, randomness, the trivia questions drawn for it. */
export type GameSetupContext = { locale: Locale; random: () => number; triviaQuestions: TriviaQuestion[] };

/**
 * One mini-game (word chain, guess the number, trivia, emoji story): its player limits (spec
 * section 3), its own setup, how a move is checked (throwing the reason) and what a viewer sees.
 * The games kind (games.ts) handles joining, the start and storage; these only hold the rules.
 */
export interface MiniGame<Setup = unknown, View = unknown> {
  minPlayers: number;
  maxPlayers: number;
  setup(context: GameSetupContext): Setup;
  /** Checks `userId`'s move now and answers what to store with it (e.g. the server's reply). */
  play(game: GamePlay<Setup>, userId: number, move: Record<string, unknown>): Record<string, unknown>;
  view(game: GamePlay<Setup>, viewerId: number): View;
}
