// The part of @thaunknown/simple-peer (an API-compatible fork of simple-peer) the meeting area uses.
declare module '@thaunknown/simple-peer' {
  export interface PeerOptions {
    initiator?: boolean;
    stream?: MediaStream;
    trickle?: boolean;
    config?: RTCConfiguration;
  }

  export default class Peer {
    constructor(options?: PeerOptions);
    readonly connected: boolean;
    readonly destroyed: boolean;
    signal(data: unknown): void;
    replaceTrack(oldTrack: MediaStreamTrack, newTrack: MediaStreamTrack, stream: MediaStream): void;
    destroy(error?: Error): void;
    on(event: 'signal', listener: (data: unknown) => void): this;
    on(event: 'stream', listener: (stream: MediaStream) => void): this;
    on(event: 'connect' | 'close', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }
}
