/**
 * Whose turn it is in a turn-based mini-game, worked out from what is stored: the order fixed when
 * the game started, the accepted moves (each with the time it was accepted) and when players left.
 * Nothing is scheduled: a turn whose time ran out is settled the next time anyone looks, the same
 * way on every process, so a server restart changes nothing.
 */

import type { GamePlay } from './game';

type TurnRules = {
  /** The players in turn order, fixed at the start. */
  order: number[];
  startedAt: number;
  turnMs: number;
  /** Word chain: a player whose time runs out is out of the game; otherwise the turn just passes. */
  eliminateOnTimeout: boolean;
  /** When players left the activity (ms); they are skipped from then on. */
  leftAt: Map<number, number>;
};

export type TurnState = {
  /** Turns taken so far, by moves and by time running out. */
  turn: number;
  /** Whose turn it is now; null when fewer than two players are still in. */
  current: number | null;
  turnStartedAt: number;
  deadline: number;
  /** Players knocked out by the clock (word chain). */
  out: Set<number>;
  /** Players still in (not out, not gone), in turn order. */
  inGame: number[];
};

function turnsAt(rules: TurnRules, moves: { userId: number; at: number }[], now: number): TurnState {
  const out = new Set<number>();
  const inAt = (userId: number, time: number) => !out.has(userId) && !((rules.leftAt.get(userId) ?? Infinity) <= time);
  const count = rules.order.length;
  /** The first player from position `from` on (cyclically) still in at `time`; -1 if none. */
  const nextFrom = (from: number, time: number) => {
    for (let step = 0; step < count; step++) {
      const position = (from + step) % count;
      if (inAt(rules.order[position]!, time)) return position;
    }
    return -1;
  };
  const playersIn = (time: number) => rules.order.filter((userId) => inAt(userId, time));

  let turn = 0;
  let turnStartedAt = rules.startedAt;
  let position = nextFrom(0, turnStartedAt);
  const runClock = (until: number) => {
    while (position >= 0 && playersIn(turnStartedAt).length >= 2 && turnStartedAt + rules.turnMs <= until) {
      const deadline = turnStartedAt + rules.turnMs;
      if (rules.eliminateOnTimeout) out.add(rules.order[position]!);
      turn += 1;
      turnStartedAt = deadline;
      position = nextFrom(position + 1, deadline);
    }
    // Someone whose turn it is may have left since it started: the turn goes on to the next.
    if (position >= 0 && !inAt(rules.order[position]!, until)) position = nextFrom(position + 1, until);
  };
  for (const move of moves) {
    runClock(move.at);
    // A stored move was accepted as its player's turn: the order follows it from there.
    const moved = rules.order.indexOf(move.userId);
    turn += 1;
    turnStartedAt = move.at;
    position = nextFrom(moved + 1, move.at);
  }
  runClock(now);
  const inGame = playersIn(now);
  const current = position >= 0 && inGame.length >= 2 ? rules.order[position]! : null;
  return { turn, current, turnStartedAt, deadline: turnStartedAt + rules.turnMs, out, inGame };
}

/** The turns of a turn-based game, from what it stores (its setup's turn length, order, moves, departures). */
export const gameTurns = (game: GamePlay<{ turnSeconds: number }>, eliminateOnTimeout: boolean) =>
  turnsAt(
    {
      order: game.order,
      startedAt: game.startedAt,
      turnMs: game.setup.turnSeconds * 1000,
      eliminateOnTimeout,
      leftAt: game.leftAt,
    },
    game.moves,
    game.now,
  );
