import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, seed } from '../../prisma/seed';
import { verifyPassword } from '../../server/src/auth/passwords';
import { type AdapterFactory, pgAdapterFactory, pgliteAdapterFactory } from '../../server/src/database/adapters';
import {
  allApplied,
  applyMigrations,
  diffMigrationsToSchema,
  listMigrations,
  MIGRATIONS_DIR,
} from '../../server/src/database/schemaEngine';
import { createTestDatabase, openTestDatabase, type TestDatabase } from '../support/database';
import { type Database, openDatabase } from '../../server/src/db';
import { readPgliteTemplate, writePgliteTemplate } from '../../server/src/database/pgliteTemplate';

const committedMigrations = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Backend = {
  kind: Database['kind'];
  /** A migration-aware adapter factory on a new, empty database. */
  emptyDatabase(): Promise<{ factory: AdapterFactory; cleanup(): Promise<void> }>;
  /** A new database opened (and migrated) through openDatabase. */
  open(opts?: { onQuery?: (sql: string) => void }): Promise<TestDatabase>;
};

const pgliteBackend: Backend = {
  kind: 'pglite',
  async emptyDatabase() {
    const pglite = await PGlite.create();
    return { factory: pgliteAdapterFactory(pglite), cleanup: () => pglite.close() };
  },
  async open(opts = {}) {
    // url '' rules out a DATABASE_URL of the environment.
    const db = await openDatabase({ url: '', dataDir: 'memory://', onQuery: opts.onQuery });
    return { ...db, dispose: () => db.close() };
  },
};

const postgresBackend: Backend = {
  kind: 'postgres',
  async emptyDatabase() {
    const scratch = await createTestDatabase();
    // One connection, as the engine needs (see migratePostgres in server/src/database/open.ts).
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    return {
      factory: pgAdapterFactory(pool),
      cleanup: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  },
  async open(opts = {}) {
    const scratch = await createTestDatabase();
    const db = await openDatabase({ url: scratch.url, onQuery: opts.onQuery });
    return {
      ...db,
      dispose: async () => {
        await db.close();
        await scratch.drop();
      },
    };
  },
};

function databaseSuite(backend: Backend) {
  describe('migrations', () => {
    let empty: Awaited<ReturnType<Backend['emptyDatabase']>>;
    beforeAll(async () => {
      empty = await backend.emptyDatabase();
    });
    afterAll(() => empty?.cleanup());

    it('applies the committed migrations, then finds nothing left to apply', async () => {
      expect(committedMigrations.length).toBeGreaterThan(0);
      expect(await applyMigrations(empty.factory)).toEqual(committedMigrations);
      expect(await applyMigrations(empty.factory)).toEqual([]);

      const adapter = await empty.factory.connect();
      try {
        const history = await adapter.queryRaw({
          sql: 'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
          args: [],
          argTypes: [],
        });
        expect(history.rows.map((row) => row[0])).toEqual(committedMigrations);
        const tables = await adapter.queryRaw({
          sql: "SELECT count(*)::int FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('users', 'sessions', 'friendships', 'messages', 'publications', 'content_items', 'rooms')",
          args: [],
          argTypes: [],
        });
        expect(tables.rows[0]![0]).toBe(7);
        // The engine's advisory lock must not outlive the migration (it would block other processes).
        const locks = await adapter.queryRaw({
          sql: "SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND objid = 72707369 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
          args: [],
          argTypes: [],
        });
        expect(locks.rows[0]![0]).toBe(0);
      } finally {
        await adapter.dispose();
      }
    });

    it('knows without the schema engine that the database is up to date, and not once a migration is new or edited', async () => {
      expect(await allApplied(empty.factory, await listMigrations())).toBe(true);
      const copy = mkdtempSync(path.join(os.tmpdir(), 'linkup-migrations-'));
      try {
        cpSync(MIGRATIONS_DIR, copy, { recursive: true });
        const last = path.join(copy, committedMigrations.at(-1)!, 'migration.sql');
        writeFileSync(last, '-- edited\n', { flag: 'a' });
        expect(await allApplied(empty.factory, await listMigrations(copy))).toBe(false);

        cpSync(MIGRATIONS_DIR, copy, { recursive: true });
        const added = '99991231000000_probe';
        cpSync(path.join(MIGRATIONS_DIR, committedMigrations[0]!), path.join(copy, added), { recursive: true });
        writeFileSync(path.join(copy, added, 'migration.sql'), 'CREATE TABLE "migration_probe" ("id" INTEGER);\n');
        expect(await allApplied(empty.factory, await listMigrations(copy))).toBe(false);
        expect(await applyMigrations(empty.factory, { migrationsDir: copy })).toEqual([added]);
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    });
  });

  describe('seed', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await backend.open();
    });
    afterAll(() => db?.dispose());

    it('creates the demo accounts with working passwords, then does nothing the second time', async () => {
      expect(await db.prisma.user.count()).toBe(0);
      await seed(db.prisma);

      for (const account of DEMO_ACCOUNTS) {
        const user = await db.prisma.user.findUnique({ where: { email: account.email } });
        expect(user, account.email).toMatchObject({
          username: account.username,
          role: account.role,
          firstName: account.firstName,
          lastName: account.lastName,
          isActive: true,
        });
        expect(await verifyPassword(user!.passwordHash, account.password)).toBe(true);
      }
      expect(DEMO_ACCOUNTS.find((a) => a.role === 'admin')).toMatchObject({ email: 'admin@linkup.ru', password: 'admin123' });
      expect(DEMO_ACCOUNTS.find((a) => a.role === 'moderator')).toMatchObject({
        email: 'moderator@linkup.ru',
        password: 'moder123',
      });
      expect(DEMO_ACCOUNTS.filter((a) => a.role === 'user').length).toBeGreaterThanOrEqual(6);

      const friendshipStates = await db.prisma.friendship.groupBy({ by: ['status'], _count: true });
      expect(friendshipStates.map((row) => row.status).sort()).toEqual(['accepted', 'blocked', 'pending']);

      const plans = await db.prisma.subscriptionPlan.findMany({ orderBy: { position: 'asc' } });
      expect(plans.map((p) => [p.key, p.price, p.maxParticipants])).toEqual([
        ['free', 0, 50],
        ['basic', 5400, 200],
        ['professional', 12400, 500],
        ['enterprise', 22000, 1000],
      ]);
      const zoomvisor = await db.prisma.meetingSetting.findMany({ orderBy: { key: 'asc' } });
      expect(Object.fromEntries(zoomvisor.map((s) => [s.key, s.value]))).toEqual({
        group_video_calls_enabled: 'true',
        max_group_call_participants: '10',
        video_call_quality: 'HD',
      });

      // Anna has unread messages: some in her conversations come after what she last read.
      const anna = await db.prisma.user.findUniqueOrThrow({ where: { username: 'anna' } });
      const participations = await db.prisma.conversationParticipant.findMany({ where: { userId: anna.id } });
      let unread = 0;
      for (const p of participations) {
        unread += await db.prisma.message.count({
          where: { conversationId: p.conversationId, senderId: { not: anna.id }, id: { gt: p.lastReadMessageId ?? 0 } },
        });
      }
      expect(unread).toBeGreaterThan(0);

      const contentStates = await db.prisma.contentItem.groupBy({ by: ['status'], _count: true });
      expect(contentStates.map((row) => row.status)).toEqual(expect.arrayContaining(['published', 'draft']));
      expect(await db.prisma.publication.count({ where: { latitude: { not: null } } })).toBeGreaterThan(0);
      expect(await db.prisma.module.findUnique({ where: { name: 'ZoomVisor' } })).toMatchObject({ status: 'active' });
      expect(await db.prisma.calendarEvent.count()).toBe(2);

      const counts = await tableCounts(db);
      await seed(db.prisma);
      expect(await tableCounts(db)).toEqual(counts);
    });

    it('deletes a user with everything that hangs off it', async () => {
      const admin = await db.prisma.user.findUniqueOrThrow({ where: { username: 'admin' } });
      await db.prisma.user.delete({ where: { id: admin.id } });
      expect(await db.prisma.friendship.count({ where: { OR: [{ requesterId: admin.id }, { addresseeId: admin.id }] } })).toBe(0);
      // CMS content outlives its author.
      expect(await db.prisma.contentItem.count({ where: { slug: 'welcome-to-linkup' } })).toBe(1);
    });
  });

  describe('openDatabase', () => {
    it('opens a migrated database and reports each SQL statement the client sends to onQuery', async () => {
      const statements: string[] = [];
      const db = await backend.open({ onQuery: (sql) => statements.push(sql) });
      try {
        expect(db.kind).toBe(backend.kind);
        await db.prisma.user.findMany();
        expect(statements).toHaveLength(1);
        expect(statements[0]).toMatch(/^SELECT .* FROM "public"\."users"/);

        const author = await db.prisma.user.create({
          data: { username: 'author', email: 'author@example.com', passwordHash: 'x', firstName: 'A', lastName: 'B' },
        });
        for (const content of ['one', 'two', 'three']) {
          await db.prisma.publication.create({
            data: { authorId: author.id, content, likes: { create: [{ userId: author.id }] } },
          });
        }
        statements.length = 0;
        const users = await db.prisma.user.findMany({ include: { publications: { include: { likes: true } } } });
        expect(users[0]!.publications.flatMap((p) => p.likes)).toHaveLength(3);
        // One statement: the database joins the levels in (prisma/schema.prisma's relationJoins).
        expect(statements).toHaveLength(1);

        statements.length = 0;
        await db.prisma.$transaction([db.prisma.user.count(), db.prisma.publication.count()]);
        expect(statements.filter((sql) => sql.startsWith('SELECT'))).toHaveLength(2);
      } finally {
        await db.dispose();
      }
    });
  });
}

// The embedded database's own tests run where the embedded database is under test: npm test runs
// this file a second time without DATABASE_URL_TEST (scripts/test.ts), so with it they are skipped.
const onEmbeddedDatabase = !process.env.DATABASE_URL_TEST;

describe.runIf(onEmbeddedDatabase)('database on in-memory PGlite', () => {
  databaseSuite(pgliteBackend);

  it('the committed migrations produce exactly prisma/schema.prisma (no migration missing)', async () => {
    expect(await diffMigrationsToSchema()).toBe('');
  });
});

describe.runIf(onEmbeddedDatabase)('the embedded database template (npm run build)', () => {
  it('starts a new data folder migrated, and is not used again on a folder that holds a database', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'linkup-template-'));
    try {
      const file = path.join(folder, 'template.tar.gz');
      await writePgliteTemplate(file);
      let asked = 0;
      const template = () => {
        asked += 1;
        return readPgliteTemplate(file);
      };
      const dataDir = path.join(folder, 'pg');
      const opened = new Date();
      const first = await openDatabase({ url: '', dataDir, pgliteTemplate: template });
      expect(asked).toBe(1);
      // Every migration is recorded as applied before this folder was opened: the template's own.
      const applied = await first.prisma.$queryRaw<{ migration_name: string; finished_at: Date }[]>`
        SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
      expect(applied.map((row) => row.migration_name)).toEqual(committedMigrations);
      expect(applied.every((row) => row.finished_at < opened)).toBe(true);
      await first.prisma.user.create({
        data: { email: 't@example.org', username: 't', passwordHash: 'x', firstName: 'T', lastName: 'T' },
      });
      await first.close();

      const again = await openDatabase({ url: '', dataDir, pgliteTemplate: template });
      expect(asked).toBe(1);
      expect(await again.prisma.user.count()).toBe(1);
      await again.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.DATABASE_URL_TEST)('database on PostgreSQL (DATABASE_URL_TEST)', () => {
  databaseSuite(postgresBackend);

  it('openDatabase with a URL opens a migrated PostgreSQL database; opening again applies nothing', async () => {
    const scratch = await createTestDatabase();
    try {
      for (let i = 0; i < 2; i++) {
        const db = await openDatabase({ url: scratch.url });
        try {
          expect(db.kind).toBe('postgres');
          const rows = await db.prisma.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM _prisma_migrations');
          expect(rows[0]!.n).toBe(committedMigrations.length);
        } finally {
          await db.close();
        }
      }
    } finally {
      await scratch.drop();
    }
  });
});

describe('openTestDatabase', () => {
  it('opens a migrated, empty database of the kind DATABASE_URL_TEST asks for', async () => {
    const db = await openTestDatabase();
    try {
      expect(db.kind).toBe(process.env.DATABASE_URL_TEST ? 'postgres' : 'pglite');
      expect(await db.prisma.user.count()).toBe(0);
      expect(await db.prisma.subscriptionPlan.count()).toBe(0);
    } finally {
      await db.dispose();
    }
  });
});

async function tableCounts(db: Database) {
  const p = db.prisma;
  return {
    users: await p.user.count(),
    friendships: await p.friendship.count(),
    messages: await p.message.count(),
    publications: await p.publication.count(),
    content: await p.contentItem.count(),
    plans: await p.subscriptionPlan.count(),
    settings: await p.systemSetting.count(),
    rooms: await p.room.count(),
  };
}
