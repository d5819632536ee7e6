import type { ActivitySession, ActivityType, Prisma } from '../../generated/prisma/client';
import type { MessageKey } from '../../i18n';

/** The kinds of the spec (section 3): quiz, drawing, games, presentation. */
export type ActivityKind = ActivityType;

/** Everything stored about one session, as its rules module reads it. */
export type SessionState<Setup = unknown> = {
  session: Omit<ActivitySession, 'setup'> & { setup: Setup };
  /** Everyone who ever joined (leftAt null: in it now), in joining order. */
  players: { userId: number; joinedAt: Date; leftAt: Date | null }[];
  /** Every accepted move, oldest first. */
  moves: { userId: number; key: string; payload: Prisma.JsonValue; createdAt: Date }[];
};

/**
 * The rules of one activity kind (one module per kind, e.g. quiz.ts). The engine (engine.ts) owns
 * the common part: rooms, hosts, capacity, joining, stopping, the time limit, storage, publishing.
 * A kind only says what a valid setup and a valid move are, and what each viewer may see.
 */
export interface ActivityRules<Setup = unknown, Move = unknown, View = unknown> {
  /** Checks the host's launch input (throws ValidationError) and answers the setup stored with the session. */
  parseSetup(input: unknown): Setup;
  /**
   * The most players this setup takes, instead of the kind's capacity: a mini-game's own limit (the
   * spec gives trivia 2-10 and guess the number 2-6 beside the games' 8).
   */
  capacity?(setup: Setup): number;
  /**
   * Checks a player's move against the state (throws AppErrors with the reason) and answers the row to
   * store. `key` names what the move is about: the database keeps one move per player and key.
   */
  acceptMove(state: SessionState<Setup>, userId: number, move: Move): { key: string; payload: Prisma.InputJsonValue };
  /** The refusal when a player's move with the same key is already stored (two at once included). */
  duplicateMoveKey: MessageKey;
  /** What `viewerId` (a player, the host or someone else in the room) may see now. */
  view(state: SessionState<Setup>, viewerId: number, now: Date): View;
}

/** One kind in the catalog: its capacity and time limit (spec section 9), and its rules once built. */
export type ActivityDefinition = {
  kind: ActivityKind;
  capacity: number;
  /** Seconds from the launch after which moves are refused; null: no limit. */
  timeLimitSeconds: number | null;
  /** Null while the kind is not built yet: it is listed ("coming soon") but cannot be launched. */
  rules: ActivityRules | null;
};
