import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The server's Reaction enum, in the order bars show it. */
export const REACTIONS = ['THUMBS_UP', 'HEART', 'LAUGH', 'WOW', 'SAD', 'PARTY'] as const;
export type Reaction = (typeof REACTIONS)[number];

export const REACTION_EMOJI: Record<Reaction, string> = {
  THUMBS_UP: '👍',
  HEART: '❤️',
  LAUGH: '😂',
  WOW: '😮',
  SAD: '😢',
  PARTY: '🎉',
};

/** Spoken names for screen readers (an emoji alone is read differently by each one). */
export const REACTION_NAME: Record<Reaction, MessageDescriptor> = {
  THUMBS_UP: msg`Палец вверх`,
  HEART: msg`Сердце`,
  LAUGH: msg`Смешно`,
  WOW: msg`Удивительно`,
  SAD: msg`Грустно`,
  PARTY: msg`Праздник`,
};

export type ReactionCount = { readonly reaction: string; readonly count: number; readonly viewerHasReacted: boolean };

/**
 * The counts after the viewer adds or removes one reaction: what an optimistic response shows
 * until the server's answer (which counts as the viewer sees it) replaces it.
 */
export function withReaction(counts: readonly ReactionCount[], reaction: Reaction, reacted: boolean): ReactionCount[] {
  const others = counts.filter((entry) => entry.reaction !== reaction);
  const current = counts.find((entry) => entry.reaction === reaction);
  const before = current?.count ?? 0;
  const mineBefore = current?.viewerHasReacted ?? false;
  const count = before + (reacted === mineBefore ? 0 : reacted ? 1 : -1);
  const next = count > 0 ? [...others, { reaction, count, viewerHasReacted: reacted }] : others;
  return next.sort((a, b) => REACTIONS.indexOf(a.reaction as Reaction) - REACTIONS.indexOf(b.reaction as Reaction));
}
