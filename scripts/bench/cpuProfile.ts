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

/**
 * Prints where a CPU profile's time went: its self time summed per script file (`prefix` cut off
 * the addresses), per npm package when `byPackage`, then its `top` functions by self time.
 */
export function printProfile(profile: CpuProfile, { prefix = '', top = 30, byPackage = false } = {}) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let total = 0;
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    total += ms;
    const file = url.replace(prefix, '') || `(${functionName || 'native'})`;
    add(byFile, (byPackage && packageOf(url)) || file, ms);
    add(byFunction, `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`, ms);
  });
  const print = (title: string, map: Map<string, number>, count: number) => {
    console.log(`\n${title}`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count))
      console.log(`${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
  };
  console.log(`${total.toFixed(0)} ms sampled`);
  print(`Self time per ${byPackage ? 'npm package (our own code: per file)' : 'script file'}`, byFile, 25);
  print(`The ${top} functions with the most self time`, byFunction, top);
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
