// The part of janode (a JavaScript package without type declarations) janusGateway.ts uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeHandle extends EventEmitter {
    readonly id: number;
    /** A plugin request; resolves with Janus's answer (`plugindata.data` holds the plugin's). */
    message(body: Record<string, unknown>): Promise<{ plugindata?: { data?: Record<string, unknown> } }>;
    detach(): Promise<void>;
  }
  export interface JanodeSession extends EventEmitter {
    readonly id: number;
    attach(plugin: { id: string; Handle?: unknown }): Promise<JanodeHandle>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    getInfo(): Promise<Record<string, unknown>>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string };
      retry_time_secs?: number;
      max_retries?: number;
      /** Options of the `ws` WebSocket (headers...). */
      ws_options?: Record<string, unknown>;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
    EVENT: { CONNECTION_CLOSED: string; CONNECTION_ERROR: string; SESSION_DESTROYED: string };
  };
  export default Janode;
}

// janode's VideoRoom handle class (tests join rooms with it as browsers do).
declare module 'janode/plugins/videoroom' {
  const VideoRoomPlugin: {
    id: string;
    Handle: unknown;
    EVENT: { VIDEOROOM_TALKING: string; VIDEOROOM_DESTROYED: string; VIDEOROOM_KICKED: string };
  };
  export default VideoRoomPlugin;
}
