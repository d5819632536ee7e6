// Prisma CLI configuration (Prisma 7). Our own scripts (scripts/db.ts, scripts/generate-prisma.ts)
// read the same paths; the native `prisma migrate deploy` works with it where its engine exists.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'node --import tsx scripts/db.ts seed',
  },
  // Only the native migrate commands need a URL; `prisma generate` does not.
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
