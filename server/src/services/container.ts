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
import { withMailTemplate } from './templates';
import type { FileStore } from '../storage/fileStore';
import { createFileStore } from '../storage/fileStores';
import { createRecordingStore } from '../storage/recordings';
import { createVoiceStore } from '../storage/voiceMessages';
import { createSmsSender, type SmsSender } from './sms';
import { createBackgroundTasks, type BackgroundTasks } from './backgroundTasks';
import { createGeocoder, type Geocoder } from './geocoder';
import { createCacheRegistry, type CacheRegistry } from './caches';
import { createSettingsCache, readSetting, type SettingsCache } from './systemSettings';
import type { SfuGateway } from '../sfu/gateway';
import { createSfuGateway } from '../sfu/createSfuGateway';

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
    reactions: UserFeed<FeedEvent<'conversation:reaction'>>;
  };
  mailer: Mailer;
  /** Work started by a request and finished after its answer (mails). */
  background: BackgroundTasks;
  sms: SmsSender;
  /** Counts logins, password changes, registrations and quotas per key (shared through Redis when configured). */
  rateLimiter: RateLimiter;
  // Each store below is its folder under DATA_DIR, or the same key prefix in the S3 bucket when one is configured.
  /** Publication media and gallery uploads (`$DATA_DIR/media`), served by GET /publications/media/{name}. */
  mediaStore: FileStore;
  /** Files attached to private messages (served only through signed links). */
  attachmentStore: FileStore;
  /** Avatars and covers (`$DATA_DIR/uploads/<folder>`), public at /uploads/<folder>/{name}. */
  profileImageStores: Record<'avatars' | 'covers', FileStore>;
  /** Landing page hero images (`$DATA_DIR/uploads/landing`), public at /uploads/landing/{name}. */
  landingImageStore: FileStore;
  /** Files shared in a room (`$DATA_DIR/uploads/room-files`), served through signed links only. */
  roomFileStore: FileStore;
  /** Logo, favicon and bottom logo (`$DATA_DIR/uploads/branding`), public at /branding/{name}. */
  brandingStore: FileStore;
  /** Room chat voice messages (`$DATA_DIR/uploads/voice`), served through signed links only. */
  voiceStore: FileStore;
  /** Uploaded module packages (`$DATA_DIR/modules`), kept as uploaded and never served or unpacked. */
  modulePackageStore: FileStore;
  /** Meeting recordings (`$DATA_DIR/uploads/recordings`), served through signed links only. */
  recordingStore: FileStore;
  /** Address search and reverse geocoding through GEOCODER_URL: paced, cached, in this process. */
  geocoder: Geocoder;
  /** This process's in-memory caches by kind; clearing one reaches every process (admin cache card). */
  caches: CacheRegistry;
  /** The system settings as stored, read once and kept until a write or a clear. */
  settings: SettingsCache;
  /** The SFU (Janus) for calls past the mesh size: status 'off' when none is configured or installed; started by the server's start. */
  sfu: SfuGateway;
  close(): Promise<void>;
};

export function createServices(
  config: Config,
  db: Database,
  overrides: Partial<Pick<Services, 'log' | 'mailer' | 'sms' | 'rateLimiter'>> = {},
): Services {
  const log = overrides.log ?? createLogger();
  const realtime = createAppPubSub(config.redisUrl);
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const feeds = {
    messages: new UserFeed<FeedEvent<'conversation:message'>>(realtime.pubsub, 'conversation:message'),
    reads: new UserFeed<FeedEvent<'conversation:read'>>(realtime.pubsub, 'conversation:read'),
    typing: new UserFeed<FeedEvent<'conversation:typing'>>(realtime.pubsub, 'conversation:typing'),
    reactions: new UserFeed<FeedEvent<'conversation:reaction'>>(realtime.pubsub, 'conversation:reaction'),
  };
  const background = createBackgroundTasks(log);
  const caches = createCacheRegistry(realtime.pubsub, log);
  const geocoder = createGeocoder(config, log);
  caches.register('media', geocoder.clearCache);
  const services: Services = {
    config,
    db,
    prisma: db.prisma,
    log,
    tokenSecret: loadTokenSecret(config.tokenSecret, config.dataDir),
    pubsub: realtime.pubsub,
    feeds,
    // Through the active mail template (its HTML part), whichever mailer delivers.
    mailer: withMailTemplate(
      overrides.mailer ??
        createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log }),
      db.prisma,
      () => readSetting(services, 'siteName'),
    ),
    background,
    sms:
      overrides.sms ??
      createSmsSender({
        url: config.smsUrl,
        token: config.smsToken,
        outboxDir: path.join(config.dataDir, 'sms-outbox'),
        log,
      }),
    rateLimiter:
      overrides.rateLimiter ?? (redis ? createRedisRateLimiter(redis, `${config.redisKeyPrefix}rl:`) : createMemoryRateLimiter()),
    mediaStore: createFileStore(config, 'media'),
    attachmentStore: createFileStore(config, 'attachments'),
    profileImageStores: {
      avatars: createFileStore(config, 'uploads/avatars'),
      covers: createFileStore(config, 'uploads/covers'),
    },
    landingImageStore: createFileStore(config, 'uploads/landing'),
    roomFileStore: createFileStore(config, 'uploads/room-files', { cacheControl: 'private, max-age=3600' }),
    brandingStore: createFileStore(config, 'uploads/branding'),
    voiceStore: createVoiceStore(config),
    modulePackageStore: createFileStore(config, 'modules'),
    geocoder,
    caches,
    settings: createSettingsCache(caches),
    recordingStore: createRecordingStore(config),
    sfu: createSfuGateway(config, log, realtime.pubsub),
    async close() {
      await services.sfu.close();
      await caches.close();
      await background.drain();
      await Promise.all(Object.values(feeds).map((feed) => feed.close()));
      await realtime.close();
      await redis?.quit();
    },
  };
  return services;
}
