import type { ActivityDefinition, ActivityKind } from './types';
import { quizRules } from './quiz';
import { drawingRules } from './drawing';
import { gamesRules } from './games/games';
import { presentationRules } from './presentation';

/**
 * The activity catalog, in the spec's order, with its capacities and the quiz's time limit (section 9).
 * A new kind: write its rules module (like quiz.ts) and set `rules` here; the engine does the rest.
 */
export const ACTIVITY_DEFINITIONS: readonly ActivityDefinition[] = [
  { kind: 'quiz', capacity: 10, timeLimitSeconds: 300, rules: quizRules },
  { kind: 'drawing', capacity: 6, timeLimitSeconds: null, rules: drawingRules },
  { kind: 'games', capacity: 8, timeLimitSeconds: null, rules: gamesRules },
  { kind: 'presentation', capacity: 50, timeLimitSeconds: null, rules: presentationRules },
];

export const activityDefinition = (kind: ActivityKind): ActivityDefinition =>
  ACTIVITY_DEFINITIONS.find((definition) => definition.kind === kind)!;
