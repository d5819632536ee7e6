import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import clientProject from './client/vitest.project';

// Node resolves `graphql` to its CommonJS build (the one Pothos and Yoga get); Vite would pick
// the .mjs build for our own files, and two copies of graphql refuse each other's schema.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker. Two finish the server suite in three quarters of
    // the time (297 s against 404 s on PostgreSQL): its files wait on the database as much as they compute.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetup.ts'],
          // Each file opens its own database; migrations and argon2 make setup take seconds.
          testTimeout: 30_000,
          // One module graph per worker, not per file: every file imports the whole server (the
          // schema is built at import), which cost more than the tests themselves (the suite on
          // PostgreSQL: 148 s against 325 s isolated). Each file still opens its own database.
          isolate: false,
          hookTimeout: 120_000,
          env: { LOG_LEVEL: 'warn' },
        },
      },
      clientProject,
    ],
  },
});
