import { startServer } from '../../server/src/server';
import { createTestDatabase, testDatabaseServerUrl } from '../support/database';

/**
 * The server under end-to-end test (playwright.config.ts starts it and stops it with SIGTERM).
 * With DATABASE_URL_TEST (CI) it runs on a PostgreSQL database of its own, created here, seeded
 * with the demo data by the server, and dropped when the run stops: the server is then not busy
 * running an embedded database beside the browsers. Without it, on in-memory PGlite as
 * `npm start` does on a fresh machine.
 */
const serverUrl = testDatabaseServerUrl();
const database = serverUrl ? await createTestDatabase(serverUrl, 'linkup_e2e') : undefined;
if (database) process.env.DATABASE_URL = database.url;
else process.env.PGLITE_DATA_DIR = 'memory://';

const running = await startServer({ devClient: false });
console.log(`e2e server on ${database ? 'PostgreSQL' : 'PGlite'}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await running.close();
    await database?.drop();
    process.exit(0);
  });
}
