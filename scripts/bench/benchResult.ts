/**
 * The machine-readable last line of a benchmark: `BENCH_RESULT {json}`, which `npm run bench`
 * (scripts/bench/run.ts) reads from the bench's output. The human-readable lines stay as they are.
 */
export const BENCH_RESULT_PREFIX = 'BENCH_RESULT ';

export function benchResult(figures: Record<string, unknown>) {
  console.log(`${BENCH_RESULT_PREFIX}${JSON.stringify(figures)}`);
}

/** The figures of the last BENCH_RESULT line of `output`, or null when it printed none. */
export function parseBenchResult(output: string): Record<string, unknown> | null {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => l.startsWith(BENCH_RESULT_PREFIX));
  return line ? (JSON.parse(line.slice(BENCH_RESULT_PREFIX.length)) as Record<string, unknown>) : null;
}
