// Driver adapter factories for PrismaClient and for the WebAssembly schema engine.
//
// Both stock adapters need two corrections before migrations can trust them:
// - pglite-prisma-adapter's executeScript does not await PGlite's exec, so a failing migration
//   would be recorded as applied and its error surface later as an unhandled rejection;
// - @prisma/adapter-pg's executeScript splits the script on every ";" (also inside strings and
//   function bodies) and sends the pieces one by one through the pool, so a failure leaves half a
//   migration behind. One simple-protocol query runs the whole script in one implicit transaction.
// The wrapper also reports every SQL statement sent through queryRaw/executeRaw (outside and inside
// transactions) to `onQuery`, which is what tests count.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

export type QueryListener = (sql: string) => void;

type ScriptRunner = (script: string) => Promise<void>;

export type AdapterFactory = SqlMigrationAwareDriverAdapterFactory;

/** Adapter factory over an open PGlite instance (the caller owns and closes `db`). */
export function pgliteAdapterFactory(db: PGlite, onQuery?: QueryListener): AdapterFactory {
  const inner = new PrismaPGlite(db);
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      return wrapAdapter(await inner.connect(), execOn(db), onQuery);
    },
    async connectToShadowDb() {
      const shadow = await PGlite.create();
      const adapter = await new PrismaPGlite(shadow).connect();
      return wrapAdapter(adapter, execOn(shadow), onQuery, () => shadow.close());
    },
  };
}

/** Adapter factory over a node-postgres pool (the caller owns and ends `pool`). */
export function pgAdapterFactory(pool: pg.Pool, onQuery?: QueryListener): AdapterFactory {
  const inner = new PrismaPg(pool);
  return {
    provider: inner.provider,
    adapterName: inner.adapterName,
    async connect() {
      return wrapAdapter(await inner.connect(), (script) => poolScript(pool, script), onQuery);
    },
    async connectToShadowDb() {
      // A scratch database on the same server, dropped when the engine lets go of it.
      const database = `prisma_shadow_${crypto.randomUUID().replaceAll('-', '')}`;
      await pool.query(`CREATE DATABASE "${database}"`);
      const shadowPool = new pg.Pool({ ...pool.options, database, max: 2 });
      const adapter = await new PrismaPg(shadowPool).connect();
      return wrapAdapter(
        adapter,
        (script) => poolScript(shadowPool, script),
        onQuery,
        async () => {
          await shadowPool.end();
          await pool.query(`DROP DATABASE IF EXISTS "${database}"`);
        },
      );
    },
  };
}

function execOn(db: PGlite): ScriptRunner {
  return async (script) => {
    await db.exec(script);
  };
}

async function poolScript(pool: pg.Pool, script: string): Promise<void> {
  await pool.query(script);
}

function wrapAdapter(
  adapter: SqlDriverAdapter,
  runScript: ScriptRunner,
  onQuery: QueryListener | undefined,
  release?: () => Promise<void>,
): SqlDriverAdapter {
  let disposed = false;
  return new Proxy(adapter, {
    get(target, prop, receiver) {
      switch (prop) {
        case 'queryRaw':
        case 'executeRaw':
          return countingCall(target, prop, onQuery);
        case 'executeScript':
          return runScript;
        case 'startTransaction':
          return async (...args: Parameters<SqlDriverAdapter['startTransaction']>) =>
            wrapTransaction(await target.startTransaction(...args), onQuery);
        case 'dispose':
          return async () => {
            if (disposed) return;
            disposed = true;
            await target.dispose();
            await release?.();
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        }
      }
    },
  });
}

function wrapTransaction(tx: Transaction, onQuery: QueryListener | undefined): Transaction {
  if (!onQuery) return tx;
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'queryRaw' || prop === 'executeRaw') return countingCall(target, prop, onQuery);
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function countingCall<T extends { queryRaw(q: SqlQuery): Promise<unknown>; executeRaw(q: SqlQuery): Promise<unknown> }>(
  target: T,
  method: 'queryRaw' | 'executeRaw',
  onQuery: QueryListener | undefined,
) {
  const fn = target[method].bind(target);
  if (!onQuery) return fn;
  return (query: SqlQuery) => {
    onQuery(query.sql);
    return fn(query);
  };
}
