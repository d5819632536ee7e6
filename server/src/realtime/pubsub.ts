import { setMaxListeners } from 'node:events';
import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';

/** What travels between processes must survive JSON: ids and ISO dates, not Prisma objects. */
export type NotificationEvent = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: string;
};

/** A stored CallSignal row (see services/calls.ts), addressed to one user. */
export type CallEvent = {
  id: number;
  roomId: number | null;
  senderId: number;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: string;
};

/** A stored room chat message; subscribers load the row itself (it carries what they may see). */
export type RoomChatEvent = { id: number; roomId: number; type: string; recipients: number[]; senderId: number };

/** A drawing board change (a stored Yjs update, `id` its row) or awareness (cursors; id 0), base64. */
export type BoardEvent = { id: number; kind: 'update' | 'awareness'; update: string };

export type Topics = {
  'user:notification': [userId: number, event: NotificationEvent];
  // Conversation events are published once, naming their recipients; each process's UserFeed
  // (userFeeds.ts) hands them to the recipients listening there.
  /** A message was stored (recipients: every participant, the sender too, for their other tabs). */
  'conversation:message': [event: { id: number; conversationId: number; recipientIds: number[] }];
  /** A participant read a conversation (unread counts and read marks change for everyone in it). */
  'conversation:read': [event: { conversationId: number; readerId: number; lastReadMessageId: number; recipientIds: number[] }];
  /** Someone started or stopped typing (never stored; recipients: the other participants). */
  'conversation:typing': [event: { conversationId: number; userId: number; typing: boolean; at: string; recipientIds: number[] }];
  /** A message's reactions changed (recipients: the participants no block separates from the reactor, and the reactor). */
  'conversation:reaction': [event: { messageId: number; conversationId: number; recipientIds: number[] }];
  /** A publication's reactions changed: whoever shows it (and may see it) reads them again. */
  'publication:reactions': [publicationId: number, event: Record<string, never>];
  /** Call signalling and room presence for one user (offers, answers, ICE, joins, leaves, invites). */
  'user:callEvent': [userId: number, event: CallEvent];
  'room:chat': [roomId: number, event: RoomChatEvent];
  'activity:board': [sessionId: number, event: BoardEvent];
  /** A presentation's laser pointer moved (null: hidden); never stored. */
  'activity:pointer': [sessionId: number, event: { position: { x: number; y: number } | null }];
  /** A calendar event of this user's was created, changed or deleted, or they were invited to or taken off it. */
  'user:calendar': [userId: number, event: { eventId: number }];
  /** A file of this room was added or deleted: its members' file lists read it again. */
  'room:files': [roomId: number, event: Record<string, never>];
  /** The room's activity changed (launched, joined, left, a move, stopped): its viewers read it again. */
  'room:activity': [roomId: number, event: Record<string, never>];
  /** Who is in these rooms changed (joins, leaves, closes): the lists showing their counts refresh them. */
  'rooms:occupancy': [event: { roomIds: number[] }];
  /** Contact cards addressed to one user (the spec's `contact-card` event). */
  'user:contactCard': [userId: number, event: RoomChatEvent];
  /** Members left an SFU room: every process's /janus relay closes their connections that joined it (http/janusRelay.ts). */
  'sfu:disallowed': [event: { roomId: number; userIds: number[] }];
  /** An admin changed this account (role, names, state): its own open pages read it again (viewerChanged). */
  'user:account': [userId: number, event: Record<string, never>];
  /** Sessions just ended: every process closes the WebSockets opened with them. */
  'sessions:revoked': [event: { sessionIds: string[] }];
  /** An admin cleared caches: every other process drops its copies (services/caches.ts). */
  'caches:cleared': [event: { origin: string; types: string[] }];
  /** A branding image (logo, favicon, bottom logo) was uploaded or deleted. */
  'branding:changed': [event: Record<string, never>];
  /** The site's active theme (or the active one's look) changed. */
  'site:theme': [event: Record<string, never>];
};

export type PubSub = ReturnType<typeof createPubSub<Topics>>;

/**
 * In-memory for a single process; with REDIS_URL, a Redis event target so that several server
 * processes behind a load balancer deliver to each other's subscribers.
 */
export function createAppPubSub(redisUrl?: string): { pubsub: PubSub; close(): Promise<void> } {
  if (!redisUrl) {
    // Every signed-in browser listens to the site-wide topics (branding, settings): Node's warning
    // about more than 10 listeners of one event is about leaks, and these are not.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    return { pubsub: createPubSub<Topics>({ eventTarget }), close: async () => {} };
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<Topics>({ eventTarget }),
    async close() {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
