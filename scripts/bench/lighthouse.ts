import fs from 'node:fs';
import path from 'node:path';
import { startProductServer } from './support';
import { benchResult } from './benchResult';
import { formatScores, measurePages, PERFORMANCE_BUDGET } from './lighthousePages';
import { option } from './flags';

/**
 * Lighthouse mobile performance of /login, /dashboard and /social on the built product with the
 * demo data (run `npm run build` first): each page's score, LCP, TBT, CLS, FCP and Speed Index,
 * and whether it meets the budget (exit code 1 if not).
 * Usage: node --import tsx scripts/bench/lighthouse.ts [--port=8420] [--devtools-port=9422] [--reports=DIR]
 * (--reports keeps each page's whole Lighthouse report there, as JSON: open it in the Lighthouse viewer.)
 */
const flag = (name: string, fallback: number) => Number(option(name) ?? fallback);
const reports = option('reports');

const server = await startProductServer(flag('port', 8420));
try {
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const scores = await measurePages(server.url, flag('devtools-port', 9422), (pagePath, json) => {
    if (reports) fs.writeFileSync(path.join(reports, `${pagePath.slice(1) || 'root'}.json`), json);
  });
  console.log(formatScores(scores));
  benchResult({ budget: PERFORMANCE_BUDGET, pages: scores });
  if (scores.some((score) => score.performance < PERFORMANCE_BUDGET)) process.exitCode = 1;
} finally {
  await server.stop();
}
