import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { PubSub } from '../realtime/pubsub';
import { SfuUnavailableError, type SfuGateway } from './gateway';
import { writeJanusConfig } from './janusConfig';
import { createJanusGateway } from './janusGateway';
import { findExecutable, startJanusProcess } from './janusProcess';

/**
 * The server's SFU, always a gateway (never null): Janus at JANUS_URL; else the `janus` binary we
 * start ourselves, when installed (and `janusSpawn`, which test servers turn off); else an 'off'
 * gateway whose requests throw SfuUnavailableError, and calls stay mesh-only.
 */
export function createSfuGateway(config: Config, log: Logger, pubsub: PubSub): SfuGateway {
  const adminKey = config.janusAdminKey ?? crypto.randomBytes(24).toString('base64url');
  const common = {
    adminKey,
    log,
    metricsSeconds: config.sfuMetricsSeconds,
    // The members' relayed connections may be on any server process: each closes its own.
    announceDisallowed: (roomId: number, userIds: number[]) => pubsub.publish('sfu:disallowed', { roomId, userIds }),
  };
  if (config.janusUrl) {
    if (!config.janusAdminKey) log.warn('sfu: JANUS_URL without JANUS_ADMIN_KEY: Janus will refuse to create rooms');
    return createJanusGateway({ ...common, url: config.janusUrl });
  }

  const executable = config.janusSpawn ? findExecutable(config.janusBinary) : null;
  if (!executable) {
    if (config.janusSpawn) {
      log.info(
        `sfu: off (no JANUS_URL, no ${config.janusBinary} installed): calls are mesh-only, up to ${config.meshMaxParticipants} people`,
      );
    }
    return offGateway;
  }
  const url = `ws://127.0.0.1:${config.janusPort}`;
  const configFolder = path.join(config.dataDir, 'janus');
  return createJanusGateway({
    ...common,
    url,
    startJanus() {
      writeJanusConfig(configFolder, {
        port: config.janusPort,
        host: '127.0.0.1',
        adminKey,
        rtpPorts: config.janusRtpPorts,
        iceInterfaces: config.janusIceInterfaces,
      });
      log.info(`sfu: starting ${executable} (WebSocket API on ${url}, media on UDP ${config.janusRtpPorts})`);
      return startJanusProcess({ executable, configFolder, url, log });
    },
  });
}

const unavailable = async (): Promise<never> => {
  throw new SfuUnavailableError('off');
};

const offGateway: SfuGateway = {
  status: () => 'off',
  start: async () => {},
  openRoom: unavailable,
  hasRoom: unavailable,
  allow: unavailable,
  disallow: unavailable,
  closeRoom: unavailable,
  onReconnected: () => () => {},
  onTalking: () => () => {},
  metrics: async () => ({ rooms: 0, publishers: 0, subscribers: 0 }),
  browserUpstream: '',
  subscriberHandles: new Set(),
  close: async () => {},
};
