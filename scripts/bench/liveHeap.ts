import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * The JavaScript heap still reachable after a full collection, in bytes: what a leak grows. Resident
 * memory also holds the heap V8 keeps grown between collections (it grows it under a high allocation
 * rate when the machine has memory to spare) and off-heap memory such as the embedded database's
 * WebAssembly memory.
 */
export function liveHeap() {
  gc();
  return process.memoryUsage().heapUsed;
}
