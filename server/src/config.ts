import path from 'node:path';

/** Every setting the server reads from the environment, in one place (the README lists them). */
export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Folder for everything the server writes: embedded database, secret, outbox, uploads. */
  dataDir: string;
  databaseUrl?: string;
  pgliteDataDir: string;
  redisUrl?: string;
  tokenSecret?: string;
  tokenTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Login failures allowed per account / per address within the window before 429. */
  loginLimitPerAccount: number;
  loginLimitPerAddress: number;
  loginLimitWindowSeconds: number;
  passwordResetTtlSeconds: number;
  /** SMS gateway (JSON POST of {to, text}); without it codes go to the log and the data folder's sms-outbox. */
  smsUrl?: string;
  smsToken?: string;
  /** Phone verification: code lifetime, wrong tries per code, pause between codes, codes per hour. */
  phoneCodeTtlSeconds: number;
  phoneCodeMaxAttempts: number;
  phoneCodeResendSeconds: number;
  phoneCodesPerHour: number;
  clientDir: string;
  trustProxy: boolean;
  seedDemoData: boolean;
  /** Largest request body accepted (uploads included), in bytes; larger ones get 413 before being read. */
  maxRequestBytes: number;
  /** ffmpeg and ffprobe (video thumbnails, duration); looked up on PATH by default. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Most people in one call: every browser sends its media to every other (a mesh, no SFU). */
  meshMaxParticipants: number;
  /** STUN/TURN servers handed to browsers for calls; none are needed on a LAN. */
  iceServers: IceServer[];
  /** How long a member who lost their realtime connection stays in a room before being removed. */
  callPresenceGraceSeconds: number;
};

export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** ICE_SERVERS: a JSON array of RTCIceServer objects; anything else is a configuration mistake. */
function iceServers(value: string | undefined): IceServer[] {
  if (!value?.trim()) return [];
  const parsed: unknown = JSON.parse(value);
  const valid =
    Array.isArray(parsed) &&
    parsed.every(
      (server) =>
        server &&
        typeof server === 'object' &&
        (typeof server.urls === 'string' || (Array.isArray(server.urls) && server.urls.every((u: unknown) => typeof u === 'string'))),
    );
  if (!valid) throw new Error('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
  return parsed as IceServer[];
}

const int = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 8001);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDataDir: env.PGLITE_DATA_DIR ?? path.join(dataDir, 'pg'),
    redisUrl: env.REDIS_URL || undefined,
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'LinkUp <no-reply@linkup.local>',
    loginLimitPerAccount: int(env.LOGIN_LIMIT_PER_ACCOUNT, 5),
    loginLimitPerAddress: int(env.LOGIN_LIMIT_PER_ADDRESS, 20),
    loginLimitWindowSeconds: int(env.LOGIN_LIMIT_WINDOW_SECONDS, 15 * 60),
    passwordResetTtlSeconds: int(env.PASSWORD_RESET_TTL_SECONDS, 3600),
    smsUrl: env.SMS_URL || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    phoneCodeTtlSeconds: int(env.PHONE_CODE_TTL_SECONDS, 600),
    phoneCodeMaxAttempts: int(env.PHONE_CODE_MAX_ATTEMPTS, 5),
    phoneCodeResendSeconds: int(env.PHONE_CODE_RESEND_SECONDS, 60),
    phoneCodesPerHour: int(env.PHONE_CODES_PER_HOUR, 5),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    maxRequestBytes: int(env.MAX_REQUEST_MB, 120) * 1024 * 1024,
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    meshMaxParticipants: int(env.MESH_MAX_PARTICIPANTS, 6),
    iceServers: iceServers(env.ICE_SERVERS),
    callPresenceGraceSeconds: int(env.CALL_PRESENCE_GRACE_SECONDS, 15),
    ...overrides,
  };
}
