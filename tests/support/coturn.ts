import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classes, Message, methods } from 'werift';

/** Debian's coturn (CI installs it: .ci/run), run by the TURN tests (turnRelay.test.ts, tests/sfu). */
export const TURNSERVER = '/usr/bin/turnserver';
export const coturnInstalled = fs.existsSync(TURNSERVER);

/**
 * A test coturn's configuration lines: the TURN REST scheme with `secret`, no TLS, logging to
 * stdout. Loopback peers are allowed: in tests every peer is on this machine, where production
 * refuses them (deploy/turnserver.conf).
 */
export const testCoturnLines = (secret: string) => [
  'use-auth-secret',
  `static-auth-secret=${secret}`,
  'realm=linkup.test',
  'fingerprint',
  'allow-loopback-peers',
  'no-tls',
  'no-dtls',
  'no-cli',
  'log-file=stdout',
  'simple-log',
];

export type Coturn = { log(): string; stop(): Promise<void> };

/**
 * Debian's turnserver with these configuration lines, on `address`:`port` with relays on the next
 * `relayPorts` ports, its pid file and database in a temporary folder; resolves once it answers STUN.
 */
export async function startCoturn(
  port: number,
  lines: string[],
  {
    address = '127.0.0.1',
    relayPorts = 4,
    priority,
  }: {
    address?: string;
    relayPorts?: number;
    /** A scheduling priority (nice value; below 0 needs root), for a relay sharing the machine with busy browsers. */
    priority?: number;
  } = {},
): Promise<Coturn> {
  if (!coturnInstalled) throw new Error(`${TURNSERVER} is missing: install Debian's coturn (CI does, .ci/run)`);
  await ensurePortFree(port, address);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-coturn-'));
  const config = [
    ...lines,
    `listening-ip=${address}`,
    `relay-ip=${address}`,
    `listening-port=${port}`,
    `min-port=${port + 1}`,
    `max-port=${port + relayPorts}`,
    `pidfile=${path.join(dir, 'turnserver.pid')}`,
    `userdb=${path.join(dir, 'turndb')}`,
  ];
  fs.writeFileSync(path.join(dir, 'turnserver.conf'), config.join('\n') + '\n');
  const command = [TURNSERVER, '-c', path.join(dir, 'turnserver.conf')];
  // `nice` (which becomes turnserver) rather than setpriority afterwards: every thread coturn starts gets it.
  if (priority !== undefined) command.unshift('nice', '-n', String(priority));
  const child: ChildProcess = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilAnswersStun(port, address);
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}; turnserver said:\n${log}`, { cause: error });
  }
  return { log: () => log, stop };
}

/** Throws when something (a coturn left running?) holds the port: coturn would share it silently (SO_REUSEPORT). */
async function ensurePortFree(port: number, address: string) {
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, address, resolve);
    });
  } catch (error) {
    throw new Error(`UDP port ${port} is taken (a turnserver left running?)`, { cause: error });
  } finally {
    socket.close();
  }
}

/** Waits until coturn answers a STUN Binding request on the port (it has started listening). */
async function untilAnswersStun(port: number, address: string) {
  const socket = dgram.createSocket('udp4');
  const answered = new Promise<void>((resolve) => socket.once('message', () => resolve()));
  const binding = new Message(methods.BINDING, classes.REQUEST).bytes;
  const deadline = Date.now() + 15_000;
  try {
    while (Date.now() < deadline) {
      socket.send(binding, port, address);
      const ok = await Promise.race([answered.then(() => true), new Promise((resolve) => setTimeout(resolve, 200, false))]);
      if (ok) return;
    }
    throw new Error(`coturn did not answer on ${address} within 15 s`);
  } finally {
    socket.close();
  }
}
