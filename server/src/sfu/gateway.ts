/**
 * The selective forwarding unit as the rest of the server sees it. Rooms past the mesh threshold
 * send their media through it (Janus Gateway's VideoRoom plugin, a separate GPL-3 process we talk
 * to only over its WebSocket API: see janusGateway.ts). The room's mode and epoch are ours (rooms
 * table); Janus only holds what it needs to forward media, and can be rebuilt from our tables after
 * it restarts (`onReconnected`).
 */
export type SfuStatus =
  /** No SFU configured or installed: the product runs mesh-only. */
  | 'off'
  /** Configured, not reachable now (starting, restarting): calls stay in mesh, /health says degraded. */
  | 'down'
  | 'up';

export type SfuRoomOptions = {
  /** Tokens of the members we admitted (`sfuToken`); nobody else may join the VideoRoom. */
  tokens: string[];
  /** Most participants publishing at once (their audio at least). */
  maxPublishers: number;
};

/** Janus heard a member start or stop talking in a room (its VideoRoom's audio levels). */
export type TalkingListener = (roomId: number, userId: number, talking: boolean) => void;

/** A member as Janus knows them: their token, and their user id, which browsers join with as `display`. */
export type SfuMember = { userId: number; token: string };

/**
 * The `display` of a member's feeds in a VideoRoom (the /janus relay sets it, whatever the browser
 * sent): their user id for the camera and microphone, `<user id>:screen` for a shared screen, which
 * is a feed of its own (its own resolution and bit rate, no simulcast). The client reads it the same
 * way (sfuSession.ts).
 */
export function feedDisplay(userId: number, requested: unknown): string {
  return typeof requested === 'string' && requested.endsWith(SCREEN_SUFFIX) ? `${userId}${SCREEN_SUFFIX}` : String(userId);
}
const SCREEN_SUFFIX = ':screen';

/** The member a feed's `display` belongs to (either of their feeds); undefined for anything else (our observer). */
export function userOfDisplay(display: string | undefined): number | undefined {
  const match = /^(\d+)(?::screen)?$/.exec(display ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Thrown by the gateway's requests when the SFU is off or down (the room stays in mesh). */
export class SfuUnavailableError extends Error {
  constructor(status: SfuStatus) {
    super(status === 'off' ? 'No SFU is configured' : 'The SFU is not reachable now');
  }
}

export interface SfuGateway {
  status(): SfuStatus;
  /**
   * Starts Janus when we run it ourselves, and connects; resolves once connected or after a wait
   * (the gateway keeps trying). Never throws: the server starts without its SFU rather than not at all.
   */
  start(): Promise<void>;
  /**
   * Creates the VideoRoom whose id is our room id (as a string), or, when it exists, makes its
   * allowed tokens `options.tokens` plus those already allowed. Idempotent; throws when Janus is down.
   */
  openRoom(roomId: number, options: SfuRoomOptions): Promise<void>;
  /**
   * Whether Janus has the room's VideoRoom now. False after Janus lost it (restarted): whoever
   * opens it again gives the room a new epoch (callMode.ts). Throws when Janus is down.
   */
  hasRoom(roomId: number): Promise<boolean>;
  /** Lets one more admitted member's token in (they joined a room already in SFU mode). */
  allow(roomId: number, tokens: string[]): Promise<void>;
  /**
   * Takes the members' tokens out of the allowed list (they left), kicks the participants they
   * joined as (`display` = their user id, which the /janus relay enforces) and has the relays close
   * their connections that joined the room (so their subscriptions end too). Nothing when the room is absent.
   */
  disallow(roomId: number, members: SfuMember[]): Promise<void>;
  /**
   * Calls `listener` when Janus hears a member start or stop talking in a room this process
   * opened or reopened (each such room has an observer: a participant of ours that publishes
   * nothing and receives the VideoRoom's talking events).
   */
  onTalking(listener: TalkingListener): () => void;
  /** Destroys the VideoRoom (the room returned to mesh, closed or was deleted). Nothing when absent. */
  closeRoom(roomId: number): Promise<void>;
  /**
   * Called after the connection to Janus came back (Janus restarted): rooms must be opened again.
   * Not called for the first connection after start.
   */
  onReconnected(listener: () => void): () => void;
  /**
   * Counts for the metrics log line: the rooms Janus has, the participants sending media in them,
   * and the subscriber handles relayed by this server process (`subscriberHandles`).
   */
  metrics(): Promise<{ rooms: number; publishers: number; subscribers: number }>;
  /** The WebSocket address of Janus, which `/janus` on our own origin relays browsers to. */
  readonly browserUpstream: string;
  /**
   * Subscriber handles browsers hold now through this process's /janus relay, which sees them open
   * and close (Janus's VideoRoom API lists publishers only). `metrics()` counts them.
   */
  readonly subscriberHandles: Set<string>;
  /** The Janus process we run, if we run one (tests stop it to watch the gateway recover). */
  janusPid?(): number | undefined;
  close(): Promise<void>;
}
