import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import WebSocket from 'ws';
import type { Logger } from '../logger';

/** The path of an executable: `binary` itself when it has a slash, else the first match on PATH. */
export function findExecutable(binary: string, searchPath = process.env.PATH ?? ''): string | null {
  const candidates = binary.includes('/')
    ? [binary]
    : searchPath.split(path.delimiter).map((dir) => path.join(dir || '.', binary));
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not there, or not executable: the next one
    }
  }
  return null;
}

export type JanusProcess = {
  /** Resolves once the WebSocket API answers (true), or false after `timeoutMs`. */
  ready(timeoutMs: number): Promise<boolean>;
  /** The running process's id (tests kill it to see it come back). */
  pid(): number | undefined;
  stop(): Promise<void>;
};

// Restarts wait 1 s, 2 s, 4 s... up to 30 s; a run that lasted a minute starts the series again.
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
const STABLE_RUN_MS = 60_000;
const STOP_GRACE_MS = 5000;

/**
 * Runs `janus -F <configFolder>` as a child process for as long as the server runs: its output goes
 * to our log (errors and warnings as warnings, the rest at debug level), and when it dies it is
 * started again after a growing pause. Janus is GPL-3: it stays a separate program we talk to over
 * its WebSocket API only.
 */
export function startJanusProcess(opts: { executable: string; configFolder: string; url: string; log: Logger }): JanusProcess {
  const { executable, configFolder, url, log } = opts;
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const pidFile = path.join(configFolder, 'janus.pid');
  const run = () => {
    const startedAt = Date.now();
    stopOrphan(pidFile, configFolder, log);
    // -N would silence stdout, which is where our log reads Janus from; colours are off in janus.jcfg.
    const janus = spawn(executable, ['-F', configFolder, '-p', pidFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = janus;
    for (const stream of [janus.stdout, janus.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => logJanusLine(log, line));
    }
    janus.on('error', (error) => log.warn(`janus: could not start ${executable}`, error));
    janus.on('exit', (code, signal) => {
      child = null;
      if (stopping) return;
      if (Date.now() - startedAt > STABLE_RUN_MS) restartDelay = FIRST_RESTART_DELAY_MS;
      log.warn(`janus exited (${signal ?? `code ${code}`}); starting it again in ${restartDelay / 1000} s`);
      restartTimer = setTimeout(run, restartDelay);
      restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
    });
  };
  run();

  return {
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !stopping) {
        if (await answersInfo(url, Math.max(100, deadline - Date.now()))) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      const killLater = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(killLater);
    },
  };
}

/**
 * A Janus left running by a server process that was killed (no chance to stop its child) holds the
 * port and knows an old admin key: when the pid file names a process still running on our
 * configuration folder, it is ended before ours starts.
 */
function stopOrphan(pidFile: string, configFolder: string, log: Logger) {
  let pid: number;
  let commandLine: string;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // no pid file, or its process is gone (or no /proc: not Linux)
  }
  if (!Number.isInteger(pid) || pid <= 0 || !commandLine.split('\0').includes(configFolder)) return;
  log.warn(`janus: ending the Janus (pid ${pid}) a previous server process left running`);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

/** Janus prefixes its errors and warnings; "plugin disabled, skipping" warnings are what we asked for. */
function logJanusLine(log: Logger, line: string) {
  if (!line.trim()) return;
  const problem = /^\[(ERR|WARN|FATAL)\]/.test(line) && !line.includes('has been disabled, skipping');
  (problem ? log.warn : log.debug)(`janus: ${line}`);
}

/** Whether a Janus WebSocket API at `url` answers an `info` request within `timeoutMs`. */
export function answersInfo(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, 'janus-protocol');
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.removeAllListeners();
      socket.on('error', () => {});
      socket.terminate();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.on('open', () => socket.send(JSON.stringify({ janus: 'info', transaction: 'ready' })));
    socket.on('message', (data) => done(JSON.parse(String(data)).janus === 'server_info'));
    socket.on('error', () => done(false));
  });
}
