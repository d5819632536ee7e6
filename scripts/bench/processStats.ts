import { liveHeap } from './liveHeap';

/**
 * What a benchmarked server process reports to the bench that forked it, over IPC: its CPU time
 * (process.cpuUsage, user + system), its resident memory and the SQL statements it has sent so
 * far. The bench asks with {type: 'stats'} before and after a load run and takes the differences;
 * with {collectGarbage: true} the answer also has the live heap (after a full collection).
 */
export type ProcessStats = {
  cpuMs: number;
  rssBytes: number;
  /** Where resident memory is: V8's heap as reserved and as used (garbage included), and off-heap buffers. */
  heapTotalBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** The heap still reachable after a full collection (liveHeap.ts): only when asked for, as it costs one. */
  liveHeapBytes: number | null;
  statements: number;
};

export function answerStatsOverIpc(statements: () => number) {
  process.on('message', (message: { type?: string; collectGarbage?: boolean }) => {
    if (message.type !== 'stats') return;
    const liveHeapBytes = message.collectGarbage ? liveHeap() : null;
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    process.send!({
      type: 'stats',
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: memory.rss,
      heapTotalBytes: memory.heapTotal,
      heapUsedBytes: memory.heapUsed,
      externalBytes: memory.external,
      liveHeapBytes,
      statements: statements(),
    });
  });
}

/** Tells the forking bench that the server listens on `url`. */
export const announceReady = (url: string) => process.send?.({ type: 'ready', url });
