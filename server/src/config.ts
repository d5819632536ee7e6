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
  clientDir: string;
  trustProxy: boolean;
  seedDemoData: boolean;
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
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    meshMaxParticipants: int(env.MESH_MAX_PARTICIPANTS, 6),
    iceServers: iceServers(env.ICE_SERVERS),
    callPresenceGraceSeconds: int(env.CALL_PRESENCE_GRACE_SECONDS, 15),
    ...overrides,
  };
}
