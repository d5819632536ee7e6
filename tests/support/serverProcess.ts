import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Server processes under test start no Janus and connect to none (see NO_SFU in app.ts). */
export const NO_SFU_ENV = { JANUS_SPAWN: 'false', JANUS_URL: '' };

/**
 * Real server processes (server/src/main.ts), for tests of what crosses processes: each is started
 * with `env` on top of this process's environment (and `nodeArgs` before the script: a bench's
 * `--import` probe) and answers once its /health does.
 */
export function serverProcesses() {
  const children: ChildProcess[] = [];
  return {
    async start(port: number, env: Record<string, string>, nodeArgs: string[] = []): Promise<string> {
      const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          ...NO_SFU_ENV,
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      for (let attempt = 0; attempt < 300; attempt++) {
        if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${url}/health`)).ok) return url;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server on ${port} did not start`);
    },
    /** The process id of each process started, in starting order (to read its memory). */
    pids: () => children.map((child) => child.pid!),
    /** Kills the `index`-th process started with SIGKILL, as a crash or the OOM killer does (it cleans nothing up). */
    async kill(index: number) {
      const child = children[index];
      child.kill('SIGKILL');
      await exited(child);
    },
    /** Stops every process started, waiting for each to exit. */
    async stopAll() {
      for (const child of children) {
        child.kill('SIGTERM');
        await exited(child);
      }
    },
  };
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
