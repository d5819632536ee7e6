import { execFileSync } from 'node:child_process';

/**
 * Janus's ICE library offers no 127.0.0.1 candidates, so SFU tests and benches run in a network
 * namespace of their own with a veth pair between two private addresses (DESIGN.md, "SFU"):
 * Janus offers `v0` (198.18.0.1), the browsers reach it from either end. Creating it needs root
 * (CI runs as root); it is created once and left for the next run.
 */
export const SFU_NETNS = 'linkup-sfu';
export const JANUS_INTERFACE = 'v0';
export const JANUS_ADDRESS = '198.18.0.1';

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

export function ensureSfuNetns(): void {
  if (
    ip('netns', 'list')
      .split('\n')
      .some((line) => line.split(' ')[0] === SFU_NETNS)
  )
    return;
  ip('netns', 'add', SFU_NETNS);
  const inside = (...args: string[]) => ip('netns', 'exec', SFU_NETNS, ...args);
  inside('ip', 'link', 'set', 'lo', 'up');
  inside('ip', 'link', 'add', 'v0', 'type', 'veth', 'peer', 'name', 'v1');
  inside('ip', 'addr', 'add', `${JANUS_ADDRESS}/24`, 'dev', 'v0');
  inside('ip', 'addr', 'add', '198.18.0.2/24', 'dev', 'v1');
  inside('ip', 'link', 'set', 'v0', 'up');
  inside('ip', 'link', 'set', 'v1', 'up');
  // Packets between two addresses of the same host cross the pair instead of being dropped as martians.
  inside('sysctl', '-q', '-w', 'net.ipv4.conf.v0.accept_local=1', 'net.ipv4.conf.v1.accept_local=1');
}

/** The command line that runs `command` inside the namespace (creating it first). */
export function inSfuNetns(command: string[]): string[] {
  ensureSfuNetns();
  return ['ip', 'netns', 'exec', SFU_NETNS, ...command];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureSfuNetns();
  console.log(`network namespace ${SFU_NETNS} ready (${JANUS_INTERFACE} ${JANUS_ADDRESS})`);
}
