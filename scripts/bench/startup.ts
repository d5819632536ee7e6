import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchResult, startProductServer } from './support';
import { option } from './flags';

/**
 * The server alone (no client build): time from starting it to /health answering, on an empty
 * data folder (embedded database created, migrated and seeded: cold), then again on that folder
 * (warm); each run uses a new folder.
 * Usage: node --import tsx scripts/bench/startup.ts [runs] [--runs=3] [--port=8400]
 */
const argv = process.argv.slice(2);
const runs = Number(option('runs') ?? argv.find((a) => !a.startsWith('--')) ?? 3);
const port = Number(option('port') ?? 8400);
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-bench-startup-'));
  try {
    for (const times of [cold, warm]) {
      const server = await startProductServer(port, {}, { dataDir });
      times.push(server.readyAfterMs / 1000);
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const list = (times: number[]) => times.map((t) => t.toFixed(2)).join(' s, ');
console.log(`start to ready on an empty data folder, ${runs} runs: ${list(cold)} s`);
console.log(`start to ready again on the same folder: ${list(warm)} s`);
console.log(`median ${median(cold).toFixed(2)} s cold, ${median(warm).toFixed(2)} s warm`);
benchResult({ runs, coldSeconds: cold, warmSeconds: warm, coldMedianSeconds: median(cold), warmMedianSeconds: median(warm) });
