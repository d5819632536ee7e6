import path from 'node:path';
import { COMPOSE_JANUS_SETTINGS, writeJanusConfig } from '../server/src/sfu/janusConfig';

/** Writes deploy/janus/conf/ (docker-compose's Janus) from server/src/sfu/janusConfig.ts, after a change there. */
writeJanusConfig(path.resolve(import.meta.dirname, '../deploy/janus/conf'), COMPOSE_JANUS_SETTINGS);
