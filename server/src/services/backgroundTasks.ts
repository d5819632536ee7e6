import type { Logger } from '../logger';

/**
 * Work a request starts but does not wait for (mails whose sending time must not show in the
 * answer's timing). Failures are logged; `drain` waits for what is running (shutdown, tests).
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
};

/**
 * Runs `job` every `seconds` from now until `stop` (server shutdown), which waits for a run in
 * progress. A run that fails is logged; the next one runs as planned.
 */
export function startPeriodicJob(
  log: Logger,
  name: string,
  seconds: number,
  job: () => Promise<unknown>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = job().catch((error: unknown) => log.error(`periodic job ${name} failed`, error));
  }, seconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const promise = task()
        .catch((error: unknown) => log.error(`background task ${name} failed`, error))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size) await Promise.all(running);
    },
  };
}
