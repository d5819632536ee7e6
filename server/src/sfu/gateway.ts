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
  /** Most video publishers at once (the rest publish audio only). */
  maxPublishers: number;
};

export interface SfuGateway {
  status(): SfuStatus;
  /**
   * Creates the VideoRoom whose id is our room id (as a string), or, when it exists, makes its
   * allowed tokens `options.tokens` plus those already allowed. Idempotent; throws when Janus is down.
   */
  openRoom(roomId: number, options: SfuRoomOptions): Promise<void>;
  /** Lets one more admitted member's token in (they joined a room already in SFU mode). */
  allow(roomId: number, tokens: string[]): Promise<void>;
  /** Takes tokens out of the allowed list (the member left); their handles are kicked. */
  disallow(roomId: number, tokens: string[]): Promise<void>;
  /** Destroys the VideoRoom (the room returned to mesh, closed or was deleted). Nothing when absent. */
  closeRoom(roomId: number): Promise<void>;
  /** Called after the connection to Janus came back (Janus restarted): rooms must be opened again. */
  onReconnected(listener: () => void): () => void;
  /** Counts for the metrics log line: rooms, publishers and subscribers Janus reports now. */
  metrics(): Promise<{ rooms: number; publishers: number; subscribers: number }>;
  /** The WebSocket address of Janus, which `/janus` on our own origin relays browsers to. */
  readonly browserUpstream: string;
  close(): Promise<void>;
}
