import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db';
import { startServer } from '../../server/src/server';
import { announceReady, answerStatsOverIpc } from './processStats';

/**
 * The product server (server/src/server.ts, what `npm start` runs) in a process of its own, with a
 * counter of the SQL statements it sends, for benchmarks that fork it (feedHttp.ts): the same
 * startServer, only the database opened with a statement listener. Configured by the usual
 * environment (PORT, DATABASE_URL, DATA_DIR, TOKEN_SECRET...).
 */
let statements = 0;
const config = loadConfig(process.env);
// As startServer opens it, plus the listener.
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDataDir, onQuery: () => (statements += 1) });
const server = await startServer({ database });
answerStatsOverIpc(() => statements);
process.on('SIGTERM', async () => {
  await server.close();
  await database.close();
  process.exit(0);
});
announceReady(server.url);
