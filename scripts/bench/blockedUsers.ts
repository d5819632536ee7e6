import { friendshipPairKey } from '../../server/src/database/keys';
import { openDatabase } from '../../server/src/db';
import { blockedUserIds, notBlockedWhere } from '../../server/src/services/relations';
import { createTestDatabase } from '../../tests/support/database';
import { benchResult } from './benchResult';
import { option } from './flags';

/**
 * The ids of the members a block separates from one member (relations.blockedUserIds), asked on
 * every group message sent, every reaction list and every search: read from the member's blocked
 * friendship rows (what it does), against the form it replaced, every member of the site filtered
 * by notBlockedWhere. The site has MEMBERS members; the viewer has 10 blocks, half made by each side.
 * On PostgreSQL, in a database of its own that it drops at the end.
 *
 * Usage: node --import tsx scripts/bench/blockedUsers.ts [--members=20000] [--runs=200]
 *   [--server=postgres://postgres@127.0.0.1:5432/postgres]
 */
const MEMBERS = Number(option('members', '20000'));
const RUNS = Number(option('runs', '200'));
const SERVER = option('server', process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/postgres');
const BLOCKS = 10;

const scratch = await createTestDatabase(SERVER, 'linkup_bench_blocked');
const db = await openDatabase({ url: scratch.url });
try {
  await db.prisma.user.createMany({
    data: Array.from({ length: MEMBERS }, (_, i) => ({
      email: `member${i}@bench.example`,
      username: `member${i}`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Member',
    })),
  });
  const ids = (await db.prisma.user.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((user) => user.id);
  const viewer = ids[0];
  await db.prisma.friendship.createMany({
    data: ids.slice(1, 1 + BLOCKS).map((other, i) => {
      const blocker = i % 2 ? viewer : other;
      return {
        pairKey: friendshipPairKey(viewer, other),
        requesterId: blocker,
        addresseeId: blocker === viewer ? other : viewer,
        status: 'blocked' as const,
        blockedById: blocker,
      };
    }),
  });
  await db.prisma.$executeRawUnsafe('ANALYZE');

  const everyMemberFiltered = async () =>
    (await db.prisma.user.findMany({ where: { NOT: notBlockedWhere(viewer) }, select: { id: true } })).map((row) => row.id);
  const time = async (ask: () => Promise<number[]>) => {
    for (let i = 0; i < 20; i++) await ask(); // warm-up
    const started = performance.now();
    let found: number[] = [];
    for (let i = 0; i < RUNS; i++) found = await ask();
    if (found.length !== BLOCKS) throw new Error(`found ${found.length} blocked members, not ${BLOCKS}`);
    return (performance.now() - started) / RUNS;
  };
  const rows = await time(() => blockedUserIds(db.prisma, viewer));
  const filtered = await time(everyMemberFiltered);
  console.log(`${MEMBERS} members, ${BLOCKS} blocks, mean of ${RUNS} calls:`);
  console.log(`  the viewer's blocked friendship rows (blockedUserIds): ${rows.toFixed(2)} ms`);
  console.log(`  every member filtered by notBlockedWhere (the old form): ${filtered.toFixed(2)} ms`);
  benchResult({ members: MEMBERS, blocks: BLOCKS, runs: RUNS, blockedRowsMs: rows, everyMemberFilteredMs: filtered });
} finally {
  await db.close();
  await scratch.drop();
}
