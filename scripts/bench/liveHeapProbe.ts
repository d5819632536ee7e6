import fs from 'node:fs';
import path from 'node:path';
import { liveHeap } from './liveHeap';

/**
 * Loaded into a server process by a bench (`--import`, see soak.ts), never by the product: on
 * SIGUSR2 it collects garbage fully and writes the live heap in bytes to `$LIVE_HEAP_DIR/<pid>`.
 */
const dir = process.env.LIVE_HEAP_DIR;
if (dir) {
  process.on('SIGUSR2', () => fs.writeFileSync(path.join(dir, String(process.pid)), String(liveHeap())));
}
