import { startServer } from './server';
import { logUnhandledRejections } from './processGuards';

const started = Date.now();
const running = await startServer({ devClient: process.argv.includes('--dev') });
logUnhandledRejections(running.services.log);
running.services.log.info(`started in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    running.services.log.info(`${signal}: shutting down`);
    await running.close();
    process.exit(0);
  });
}
