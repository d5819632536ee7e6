import path from 'node:path';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database, PrismaClient } from '../db';
import { createLogger, type Logger } from '../logger';
import { loadTokenSecret } from '../auth/tokens';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from '../auth/rateLimit';
import { createAppPubSub, type PubSub } from '../realtime/pubsub';
import { UserFeed, type FeedEvent } from '../realtime/userFeeds';
import { createMailer, type Mailer } from './mailer';
import { createFileStore, type FileStore } from '../storage/fileStore';
import { createVoiceStore } from '../storage/voiceMessages';
import { createSmsSender, type SmsSender } from './sms';

/** The long-lived things every request handler, resolver and job shares. One per server. */
export type Services = {
  config: Config;
  db: Database;
  prisma: PrismaClient;
  log: Logger;
  tokenSecret: Uint8Array;
  pubsub: PubSub;
  /** Conversation events split among the users listening on this process. */
  feeds: {
    messages: UserFeed<FeedEvent<'conversation:message'>>;
    reads: UserFeed<FeedEvent<'conversation:read'>>;
    typing: UserFeed<FeedEvent<'conversation:typing'>>;
  };
  mailer: Mailer;
  sms: SmsSender;
  loginLimiter: RateLimiter;
  /** Publication media and gallery uploads (`$DATA_DIR/media`), served by GET /publications/media/{name}. */
  mediaStore: FileStore;
  /** Files attached to private messages (served only through signed links). */
  attachmentStore: FileStore;
  /** Avatars and covers (`$DATA_DIR/uploads/<folder>`), public at /uploads/<folder>/{name}. */
  profileImageStores: Record<'avatars' | 'covers', FileStore>;
  /** Room chat voice messages (`$DATA_DIR/uploads/voice`), served through signed links only. */
  voiceStore: FileStore;
  close(): Promise<void>;
};

export function createServices(
  config: Config,
  db: Database,
  overrides: Partial<Pick<Services, 'log' | 'mailer' | 'sms' | 'loginLimiter'>> = {},
): Services {
  const log = overrides.log ?? createLogger();
  const realtime = createAppPubSub(config.redisUrl);
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const feeds = {
    messages: new UserFeed<FeedEvent<'conversation:message'>>(realtime.pubsub, 'conversation:message'),
    reads: new UserFeed<FeedEvent<'conversation:read'>>(realtime.pubsub, 'conversation:read'),
    typing: new UserFeed<FeedEvent<'conversation:typing'>>(realtime.pubsub, 'conversation:typing'),
  };
  return {
    config,
    db,
    prisma: db.prisma,
    log,
    tokenSecret: loadTokenSecret(config.tokenSecret, config.dataDir),
    pubsub: realtime.pubsub,
    feeds,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
    sms:
      overrides.sms ??
      createSmsSender({
        url: config.smsUrl,
        token: config.smsToken,
        outboxDir: path.join(config.dataDir, 'sms-outbox'),
        log,
      }),
    loginLimiter:
      overrides.loginLimiter ??
      (redis
        ? createRedisRateLimiter(redis, config.loginLimitWindowSeconds)
        : createMemoryRateLimiter(config.loginLimitWindowSeconds)),
    mediaStore: createFileStore(path.join(config.dataDir, 'media')),
    attachmentStore: createFileStore(path.join(config.dataDir, 'attachments')),
    profileImageStores: {
      avatars: createFileStore(path.join(config.dataDir, 'uploads', 'avatars')),
      covers: createFileStore(path.join(config.dataDir, 'uploads', 'covers')),
    },
    voiceStore: createVoiceStore(config.dataDir),
    async close() {
      await Promise.all(Object.values(feeds).map((feed) => feed.close()));
      await realtime.close();
      await redis?.quit();
    },
  };
}
