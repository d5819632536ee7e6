import type { Logger } from './logger';

/**
 * What the running product (main.ts) does with a rejected promise nobody handled.
 *
 * Node's default since v15 ends the process. Such a rejection is the failure of one operation whose
 * caller had already moved on: a file's stream failing after its answer started (stop 36's CI found
 * one: a logo replaced while another member's page loaded it ended the server), or a background
 * task's promise. Nothing was left half-written by a synchronous throw, so the process's state is as
 * sound as after a failed request. `npm start` runs without a supervisor, and ending the process
 * takes the whole site away from every member for one such bug. The error is therefore logged with
 * its stack, as a failed request would be, and the server keeps serving.
 *
 * An uncaught exception is left to Node's default (print and exit): it was thrown out of code
 * half-way through, and the state it leaves cannot be trusted.
 *
 * The test and e2e servers (tests/e2e/e2eServer.ts, the in-process test servers) do not install it:
 * there such a bug must still end the run, so that it is found and fixed where it happens.
 */
export function logUnhandledRejections(log: Logger): () => void {
  const onRejection = (reason: unknown) => log.error('unhandled promise rejection (the server keeps running)', reason);
  process.on('unhandledRejection', onRejection);
  return () => process.off('unhandledRejection', onRejection);
}
