import fs from 'node:fs';
import path from 'node:path';

/** A V8 CPU profile: Chromium's (CDP Profiler.stop) or Node's (`--cpu-prof`, a .cpuprofile file). */
export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
};

/** An npm package's name from a script's address (`…/node_modules/@scope/name/…`), else null. */
const packageOf = (url: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? null;

/** Where something was spent (V8's call frame, as CPU and heap profiles name it), and how much. */
export type Spent = { callFrame: { functionName: string; url: string; lineNumber: number }; amount: number };

/**
 * Prints where `spent` went: summed per script file (`prefix` cut off the addresses), per npm
 * package when `byPackage`, then its `top` functions; `format` writes an amount (ms, KB...).
 */
export function printBreakdown(
  spent: Iterable<Spent>,
  {
    prefix = '',
    top = 30,
    byPackage = false,
    format,
  }: { prefix?: string; top?: number; byPackage?: boolean; format: (amount: number) => string },
) {
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);
  let total = 0;
  for (const { callFrame, amount } of spent) {
    const { functionName, url, lineNumber } = callFrame;
    total += amount;
    const file = url.replace(prefix, '') || `(${functionName || 'native'})`;
    add(byFile, (byPackage && packageOf(url)) || file, amount);
    add(byFunction, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`, amount);
  }
  const print = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [key, amount] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`${format(amount).padStart(12)} ${((100 * amount) / total).toFixed(1).padStart(5)} %  ${key}`);
  };
  print(`Per ${byPackage ? 'npm package (our own code: per file)' : 'script file'}`, byFile, 25);
  print(`The ${top} functions with the most`, byFunction, top);
  return total;
}

/**
 * Prints where a CPU profile's time went: its self time per script file (or npm package), then its
 * `top` functions by self time (printBreakdown).
 */
export function printProfile(profile: CpuProfile, { prefix = '', top = 30, byPackage = false } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const spent = profile.samples.map((id, index) => ({
    callFrame: nodes.get(id)!.callFrame,
    amount: (profile.timeDeltas[index] ?? 0) / 1000,
  }));
  const total = spent.reduce((sum, { amount }) => sum + amount, 0);
  console.log(`${total.toFixed(0)} ms sampled (self time)`);
  printBreakdown(spent, { prefix, top, byPackage, format: (ms) => `${ms.toFixed(1)} ms` });
}

/**
 * `node --import tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [--top=30]`: where a Node
 * process's CPU went, per npm package and per function, for a profile written by `--cpu-prof`
 * (feedHttp.ts's BENCH_PROFILE_DIR, for one).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --import tsx scripts/bench/cpuProfile.ts <file.cpuprofile> [--top=30]');
    process.exit(2);
  }
  const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.slice(6) ?? 30);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  printProfile(profile, { prefix: `file://${path.resolve(import.meta.dirname, '../..')}/`, top, byPackage: true });
}
