/**
 * What a benchmarked server process reports to the bench that forked it, over IPC: its CPU time
 * (process.cpuUsage, user + system), its resident memory and the SQL statements it has sent so
 * far. The bench asks with {type: 'stats'} before and after a load run and takes the differences.
 */
export type ProcessStats = { cpuMs: number; rssBytes: number; statements: number };

export function answerStatsOverIpc(statements: () => number) {
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'stats') return;
    const cpu = process.cpuUsage();
    process.send!({
      type: 'stats',
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: process.memoryUsage().rss,
      statements: statements(),
    });
  });
}

/** Tells the forking bench that the server listens on `url`. */
export const announceReady = (url: string) => process.send?.({ type: 'ready', url });
