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
  /** Start of every key this deployment writes to Redis, so deployments (or test runs) sharing one Redis never count each other's requests. */
  redisKeyPrefix: string;
  tokenSecret?: string;
  tokenTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Login failures allowed per account / per address within the window before 429. */
  loginLimitPerAccount: number;
  loginLimitPerAddress: number;
  loginLimitWindowSeconds: number;
  passwordResetTtlSeconds: number;
  /** Self sign-ups allowed per client address per hour before 429. */
  registrationsPerAddressPerHour: number;
  /** Rooms a member may create per hour, and files (media, attachments, voice, images) a member may upload per hour. */
  roomsPerUserPerHour: number;
  uploadsPerUserPerHour: number;
  /** Requests one API key may make per minute before 429 (its own limit, apart from members' quotas). */
  apiKeyRequestsPerMinute: number;
  /** Images with more pixels than this are refused before they are decoded (a small file can hold a huge image). */
  maxImagePixels: number;
  /** Uploads never attached to anything are deleted this long after upload; the sweep runs every `orphanUploadSweepSeconds`. */
  orphanUploadGraceSeconds: number;
  orphanUploadSweepSeconds: number;
  /** Subscriptions past their end expire, and members are reminded 3 days before, by a job run this often. */
  subscriptionSweepSeconds: number;
  /** SMS gateway (JSON POST of {to, text}); without it codes go to the log and the data folder's sms-outbox. */
  smsUrl?: string;
  smsToken?: string;
  /** Phone verification: code lifetime, wrong tries per code, pause between codes, codes per hour. */
  phoneCodeTtlSeconds: number;
  phoneCodeMaxAttempts: number;
  phoneCodeResendSeconds: number;
  phoneCodesPerHour: number;
  clientDir: string;
  /** The client's Lingui catalogs (`.po`), read for the admin's list of interface texts. */
  localesDir: string;
  trustProxy: boolean;
  /** Other sites' origins (`https://app.example.org`) whose pages may call the API; none by default (same origin only). */
  corsOrigins: string[];
  seedDemoData: boolean;
  /** Largest request body accepted (uploads included), in bytes; larger ones get 413 before being read. */
  maxRequestBytes: number;
  /** ffmpeg and ffprobe (video thumbnails, duration); looked up on PATH by default. */
  ffmpegPath: string;
  ffprobePath: string;
  /**
   * Most people in a mesh call (every browser sends its media to every other). With the SFU up, one
   * more switches the room to the SFU; without it, this is the most people in any call.
   */
  meshMaxParticipants: number;
  /** How long a room in SFU mode must stay at or under the mesh size before it returns to mesh. */
  sfuMeshReturnSeconds: number;
  /**
   * Most members sending video at once in a room in SFU mode: the most recent speakers (the media
   * server hears who talks); the others send audio only and show as their avatar.
   */
  sfuMaxVideoPublishers: number;
  /** STUN/TURN servers handed to browsers for calls; none are needed on a LAN. */
  iceServers: IceServer[];
  /** Our own TURN relays, whose credentials the server mints per member (sfu/turnCredentials.ts); STUN only without them. */
  turn?: TurnConfig;
  /** `relay` makes browsers use TURN relays only: a test and diagnostic mode (does TURN work from here?), never needed otherwise. */
  iceTransportPolicy: IceTransportPolicy;
  /**
   * The SFU (Janus Gateway's VideoRoom) for calls past `meshMaxParticipants`: JANUS_URL names a Janus
   * we only connect to (docker-compose, production); without it we start `janusBinary` ourselves when
   * it is installed and `janusSpawn` allows it (tests turn it off); with neither, calls are mesh-only.
   */
  janusUrl?: string;
  janusBinary: string;
  janusSpawn: boolean;
  /** The WebSocket port of the Janus we start (on 127.0.0.1): not Janus's usual 8188, which the Debian package's own service takes. */
  janusPort: number;
  /** Janus's VideoRoom admin key (room creation); random at each start unless given (JANUS_URL needs it). */
  janusAdminKey?: string;
  /** UDP ports the Janus we start uses for media (`min-max`), and the only interfaces it offers ICE candidates on. */
  janusRtpPorts: string;
  janusIceInterfaces?: string;
  /** How often the SFU's rooms, publishers and subscribers are logged while it is up. */
  sfuMetricsSeconds: number;
  /** How long a member who lost their realtime connection stays in a room before being removed. */
  callPresenceGraceSeconds: number;
  /**
   * How often this process records that it is alive (services/callPresence.ts): one silent for three
   * beats is taken for dead, and the members connected to it get the presence grace.
   */
  processHeartbeatSeconds: number;
  /** Map tiles the place picker shows: a Leaflet URL template (`{z}`, `{x}`, `{y}`, optional `{s}`), and its attribution (HTML). */
  mapTileUrl: string;
  mapTileAttribution: string;
  /** A Nominatim-compatible geocoder our server calls for address search and reverse geocoding; empty turns address search off. */
  geocoderUrl: string;
  /** The User-Agent sent to the geocoder (its usage policy asks each application to name itself). */
  geocoderUserAgent: string;
  /** At most one upstream request per this many milliseconds; a request that would wait longer than `geocoderMaxWaitMs` gets 429. */
  geocoderMinIntervalMs: number;
  geocoderMaxWaitMs: number;
  geocoderTimeoutMs: number;
  /** Answers kept in memory (most recently used first) and for how long. */
  geocoderCacheSize: number;
  geocoderCacheTtlSeconds: number;
  /** Geocoder questions one member may ask per minute (cached answers included). */
  geocoderRequestsPerUserPerMinute: number;
  /** S3-compatible object storage for every uploaded file (S3_BUCKET set); without it files stay under DATA_DIR. */
  s3?: S3Config;
};

export type S3Config = {
  /** S3_URL: the service's address (MinIO, s3rver...); AWS's own endpoint for the region when empty. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Without them the AWS SDK's usual sources apply (environment, instance role...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` addresses rather than `<bucket>.<endpoint>`: what MinIO and s3rver serve; on by default with S3_URL. */
  forcePathStyle: boolean;
};

/** The bucket settings, when S3_BUCKET names one. */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const endpoint = env.S3_URL?.trim().replace(/\/+$/, '') || undefined;
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : endpoint !== undefined,
  };
}

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
        (typeof server.urls === 'string' ||
          (Array.isArray(server.urls) && server.urls.every((u: unknown) => typeof u === 'string'))),
    );
  if (!valid) throw new Error('ICE_SERVERS must be a JSON array of {urls, username?, credential?}');
  return parsed as IceServer[];
}

export type TurnConfig = {
  /** TURN_URLS: `turn:` and `turns:` URIs of the relays (one coturn may listen on several). */
  urls: string[];
  /** TURN_SECRET: coturn's `static-auth-secret` (with `use-auth-secret`): it checks the credentials we mint with it. */
  secret: string;
  /** TURN_CREDENTIAL_TTL_SECONDS: how long a minted credential may open a relay. */
  credentialTtlSeconds: number;
};

export type IceTransportPolicy = 'all' | 'relay';

/** TURN_URLS and TURN_SECRET: both or neither; a relay without its secret (or the reverse) is a mistake found at start. */
function turnConfig(env: NodeJS.ProcessEnv): TurnConfig | undefined {
  const urls = (env.TURN_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const secret = env.TURN_SECRET?.trim() ?? '';
  if (!urls.length && !secret) return undefined;
  if (!urls.length || !secret) {
    throw new Error('TURN_URLS and TURN_SECRET go together: set both (the secret is coturn’s static-auth-secret) or neither');
  }
  const notTurn = urls.filter((url) => !/^turns?:[^\s]+$/.test(url));
  if (notTurn.length) throw new Error(`TURN_URLS must be comma-separated turn: or turns: URIs, not ${notTurn.join(', ')}`);
  const credentialTtlSeconds = int(env.TURN_CREDENTIAL_TTL_SECONDS, 86400);
  if (!Number.isInteger(credentialTtlSeconds) || credentialTtlSeconds <= 0) {
    throw new Error('TURN_CREDENTIAL_TTL_SECONDS must be a positive whole number of seconds');
  }
  return { urls, secret, credentialTtlSeconds };
}

/** ICE_TRANSPORT_POLICY: `all` (default) or `relay`; relay-only with no TURN server at all could never connect a call. */
function iceTransportPolicy(value: string | undefined, servers: IceServer[], turn: TurnConfig | undefined): IceTransportPolicy {
  const policy = value?.trim().toLowerCase() || 'all';
  if (policy !== 'all' && policy !== 'relay') throw new Error('ICE_TRANSPORT_POLICY must be all or relay');
  const staticTurn = servers.some((server) => [server.urls].flat().some((url) => /^turns?:/.test(url)));
  if (policy === 'relay' && !turn && !staticTurn) {
    throw new Error(
      'ICE_TRANSPORT_POLICY=relay needs a TURN server (TURN_URLS and TURN_SECRET, or a turn: entry in ICE_SERVERS)',
    );
  }
  return policy;
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** MAP_TILE_URL: an absolute http(s) URL template or a path on this site, with `{z}`, `{x}` and `{y}`. */
function tileUrl(value: string | undefined): string {
  const template = value?.trim() || DEFAULT_TILE_URL;
  const placeholders = ['{z}', '{x}', '{y}'].every((part) => template.includes(part));
  if (!placeholders || !(/^https?:\/\/[^/]+/.test(template) || template.startsWith('/'))) {
    throw new Error('MAP_TILE_URL must be an http(s) URL or a path with {z}, {x} and {y}');
  }
  return template;
}

/** JANUS_RTP_PORTS: `min-max`, a range of UDP ports. */
function rtpPorts(value: string | undefined): string {
  const range = value?.trim() || '20000-20200';
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]) || Number(match[2]) > 65535) {
    throw new Error('JANUS_RTP_PORTS must be a range of UDP ports, like 20000-20200');
  }
  return range;
}

const int = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 8001);
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const servers = iceServers(env.ICE_SERVERS);
  const turn = turnConfig(env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDataDir: env.PGLITE_DATA_DIR ?? path.join(dataDir, 'pg'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'linkup:',
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenTtlSeconds: int(env.TOKEN_TTL_SECONDS, 7 * 24 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'LinkUp <no-reply@linkup.local>',
    loginLimitPerAccount: int(env.LOGIN_LIMIT_PER_ACCOUNT, 5),
    loginLimitPerAddress: int(env.LOGIN_LIMIT_PER_ADDRESS, 20),
    loginLimitWindowSeconds: int(env.LOGIN_LIMIT_WINDOW_SECONDS, 15 * 60),
    passwordResetTtlSeconds: int(env.PASSWORD_RESET_TTL_SECONDS, 3600),
    registrationsPerAddressPerHour: int(env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, 10),
    roomsPerUserPerHour: int(env.ROOMS_PER_USER_PER_HOUR, 20),
    uploadsPerUserPerHour: int(env.UPLOADS_PER_USER_PER_HOUR, 300),
    apiKeyRequestsPerMinute: int(env.API_KEY_REQUESTS_PER_MINUTE, 120),
    maxImagePixels: int(env.MAX_IMAGE_MEGAPIXELS, 40) * 1_000_000,
    orphanUploadGraceSeconds: int(env.ORPHAN_UPLOAD_GRACE_HOURS, 24) * 3600,
    orphanUploadSweepSeconds: int(env.ORPHAN_UPLOAD_SWEEP_MINUTES, 60) * 60,
    subscriptionSweepSeconds: int(env.SUBSCRIPTION_SWEEP_MINUTES, 60) * 60,
    smsUrl: env.SMS_URL || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    phoneCodeTtlSeconds: int(env.PHONE_CODE_TTL_SECONDS, 600),
    phoneCodeMaxAttempts: int(env.PHONE_CODE_MAX_ATTEMPTS, 5),
    phoneCodeResendSeconds: int(env.PHONE_CODE_RESEND_SECONDS, 60),
    phoneCodesPerHour: int(env.PHONE_CODES_PER_HOUR, 5),
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    localesDir: path.resolve(env.LOCALES_DIR ?? './client/src/locales'),
    trustProxy: env.TRUST_PROXY === 'true',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
    seedDemoData: env.SEED_DEMO_DATA !== 'false',
    maxRequestBytes: int(env.MAX_REQUEST_MB, 120) * 1024 * 1024,
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    meshMaxParticipants: int(env.MESH_MAX_PARTICIPANTS, 6),
    sfuMeshReturnSeconds: int(env.SFU_MESH_RETURN_SECONDS, 20),
    sfuMaxVideoPublishers: int(env.SFU_MAX_VIDEO_PUBLISHERS, 9),
    iceServers: servers,
    turn,
    iceTransportPolicy: iceTransportPolicy(env.ICE_TRANSPORT_POLICY, servers, turn),
    janusUrl: env.JANUS_URL?.trim() || undefined,
    janusBinary: env.JANUS_BINARY?.trim() || 'janus',
    janusSpawn: env.JANUS_SPAWN !== 'false',
    janusPort: int(env.JANUS_PORT, 8189),
    janusAdminKey: env.JANUS_ADMIN_KEY || undefined,
    janusRtpPorts: rtpPorts(env.JANUS_RTP_PORTS),
    janusIceInterfaces: env.JANUS_ICE_INTERFACES?.trim() || undefined,
    sfuMetricsSeconds: int(env.SFU_METRICS_SECONDS, 60),
    callPresenceGraceSeconds: int(env.CALL_PRESENCE_GRACE_SECONDS, 15),
    processHeartbeatSeconds: int(env.PROCESS_HEARTBEAT_SECONDS, 5),
    mapTileUrl: tileUrl(env.MAP_TILE_URL),
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || DEFAULT_TILE_ATTRIBUTION,
    geocoderUrl: (env.GEOCODER_URL ?? 'https://nominatim.openstreetmap.org').trim().replace(/\/+$/, ''),
    geocoderUserAgent:
      env.GEOCODER_USER_AGENT?.trim() || `LinkUp/0.1 (+${(env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')})`,
    geocoderMinIntervalMs: int(env.GEOCODER_MIN_INTERVAL_MS, 1000),
    geocoderMaxWaitMs: int(env.GEOCODER_MAX_WAIT_MS, 5000),
    geocoderTimeoutMs: int(env.GEOCODER_TIMEOUT_MS, 8000),
    geocoderCacheSize: int(env.GEOCODER_CACHE_SIZE, 2000),
    geocoderCacheTtlSeconds: int(env.GEOCODER_CACHE_TTL_SECONDS, 24 * 3600),
    geocoderRequestsPerUserPerMinute: int(env.GEOCODER_REQUESTS_PER_USER_PER_MINUTE, 60),
    s3: s3Config(env),
    ...overrides,
  };
}
