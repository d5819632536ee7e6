import { startProductServer } from './support';

/**
 * Time from starting the server on an empty data folder (embedded database created, migrated and
 * seeded) to /health answering; each run uses a new folder.
 * Usage: node --import tsx scripts/bench/startup.ts [runs]
 */
const runs = Number(process.argv[2] ?? 3);
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const server = await startProductServer(8400 + i);
  times.push(server.readyAfterMs);
  await server.stop();
}
times.sort((a, b) => a - b);
console.log(`start to ready on an empty data folder, ${runs} runs: ${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s`);
console.log(`median ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s`);
