import 'janus-gateway';

declare module 'janus-gateway' {
  namespace JanusJS {
    interface PluginCallbacks {
      /**
       * janus.js reports the peer connection's `connectionState` too (its typings leave it out):
       * 'failed' when ICE or DTLS failed, also where `iceConnectionState` stays 'disconnected'
       * (Chromium, a relayed connection whose consent checks went unanswered).
       */
      connectionState?: (state: RTCPeerConnectionState) => void;
    }
  }
}
