import { ForbiddenError } from '../errors';
import type { ActivityRules } from './types';

/**
 * The drawing activity (issue 18 point 3): launching it opens a board for its players (up to the
 * kind's capacity, 6), hosted by the launcher, who may clear it. The board itself is a Yjs document
 * with its own channel (services/drawingBoard.ts, drawOnBoard): strokes are not engine moves.
 */
export const drawingRules: ActivityRules<Record<string, never>, never, Record<string, never>> = {
  parseSetup: () => ({}),
  acceptMove() {
    throw new ForbiddenError('activities.wrongKind');
  },
  duplicateMoveKey: 'activities.wrongKind',
  view: () => ({}),
};
