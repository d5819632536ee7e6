import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServerAdapter } from '@whatwg-node/server';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db';
import { createServices, type Services } from './services/container';
import { createApp, type App } from './http';
import { createDevClient } from './http/devClient';
import { heardTalking } from './services/activeSpeakers';
import { reopenSfuRooms } from './services/callMode';
import { startCallPresence } from './services/callPresence';
import { moveLegacyModuleTexts } from './services/legacyModuleTexts';
import { startOrphanUploadSweeper } from './services/orphanUploads';
import { startPeriodicJob } from './services/backgroundTasks';
import { sweepSubscriptions } from './services/subscriptions';
import { seed, DEMO_ACCOUNTS } from '../../prisma/seed';
import { readPgliteTemplate } from './database/pgliteTemplate';

/** Connections the kernel queues while the server is busy accepting (see the listen call). */
const LISTEN_BACKLOG = 4096;

export type RunningServer = { url: string; app: App; services: Services; close(): Promise<void> };

/**
 * Opens the database (applying pending migrations, seeding an empty one with demo data), then
 * serves HTTP and WebSockets. With `devClient`, Vite serves the client in middleware mode.
 */
export async function startServer(
  opts: {
    config?: Partial<Config>;
    database?: Database;
    devClient?: boolean;
    services?: Partial<Pick<Services, 'log' | 'mailer' | 'sms' | 'rateLimiter'>>;
  } = {},
): Promise<RunningServer> {
  const config = loadConfig(process.env, opts.config);
  const db =
    opts.database ??
    (await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDataDir, pgliteTemplate: readPgliteTemplate }));
  const services = createServices(config, db, opts.services);
  if (config.seedDemoData && (await db.prisma.user.count()) === 0) {
    services.log.info('empty database: loading demo data');
    await seed(db.prisma);
    services.log.info(
      `demo logins: ${DEMO_ACCOUNTS.slice(0, 3)
        .map((a) => `${a.email} / ${a.password} (${a.role})`)
        .join(', ')}`,
    );
  }
  // Once per database (one query after): texts of packages installed before module_texts move there.
  await moveLegacyModuleTexts(services);
  // This process is recorded as alive; stays left by a stopped or dead one (the previous run, the other
  // process of two) get their grace and end when it has (callPresence.ts), now and at every grace period.
  await startCallPresence(services);
  // Janus restarted, or rooms were left in SFU mode by our last run: their VideoRooms are opened again.
  services.sfu.onReconnected(
    () => void reopenSfuRooms(services).catch((error: unknown) => services.log.warn('sfu: could not reopen rooms', error)),
  );
  // Janus heard someone talk: the most recent speakers send video (activeSpeakers.ts).
  services.sfu.onTalking(
    (roomId, userId) =>
      void heardTalking(services, roomId, userId).catch((error: unknown) =>
        services.log.warn(`sfu: could not seat the speaker in room ${roomId}`, error),
      ),
  );
  await services.sfu.start();
  if (services.sfu.status() === 'up') await reopenSfuRooms(services);
  const orphanSweeper = startOrphanUploadSweeper(services);
  const subscriptionSweeper = startPeriodicJob(services.log, 'subscription sweep', config.subscriptionSweepSeconds, () =>
    sweepSubscriptions(services),
  );
  const app = createApp(services);
  const handler = createServerAdapter<{ req: http.IncomingMessage; res: http.ServerResponse }>((request, ctx) =>
    app.fetch(request, { req: ctx.req }),
  );

  const server = http.createServer();
  const devClient = opts.devClient ? await createDevClient(server, app.servesItself, handler) : null;
  if (!devClient) server.on('request', handler);
  const sockets = app.attachWebSockets(server, { otherUpgrades: opts.devClient ? 'ignore' : 'refuse' });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Node's default accept backlog (511) overflows when thousands of clients reconnect at once (a
    // restart behind the load balancer): the kernel then resets the connections it cannot queue.
    // 4096 is Linux's usual somaxconn, which caps whatever is asked here.
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  services.log.info(
    `LinkUp is ready on ${url} (database: ${db.kind}, realtime: ${config.redisUrl ? 'redis' : 'in-memory'}, sfu: ${services.sfu.status()})`,
  );

  return {
    url,
    app,
    services,
    async close() {
      await sockets.close();
      await orphanSweeper.stop();
      await subscriptionSweeper.stop();
      await devClient?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      if (!opts.database) await db.close();
    },
  };
}
