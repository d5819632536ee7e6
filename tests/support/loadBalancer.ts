import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const NGINX = '/usr/sbin/nginx';

/**
 * nginx (Debian's) in front of app processes, with the repository's own load-balancer config
 * (deploy/nginx.conf, what docker-compose runs): only its upstream servers and its listen address
 * are replaced, so what is tested is what is deployed. Answers the balancer's URL, its log of which
 * process answered each request, and a stop.
 */
export async function startLoadBalancer(port: number, upstreams: string[]) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-nginx-'));
  const site = fs
    .readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/server app:8001;/, upstreams.map((upstream) => `server ${new URL(upstream).host};`).join('\n  '))
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`listen 127.0.0.1:${port};`) || site.includes('app:8001')) {
    throw new Error('deploy/nginx.conf no longer has the `server app:8001;` and `listen 80;` lines this test replaces');
  }
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
pid ${prefix}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events { worker_connections 4096; }
http {
  # Which app process answered each request (for tests to see both are used).
  log_format upstream '$request_method $uri $upstream_addr';
  access_log ${prefix}/access.log upstream;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** The upstream address (host:port) that answered each request so far, as `METHOD /path upstream`. */
    requests: () =>
      fs.existsSync(path.join(prefix, 'access.log'))
        ? fs.readFileSync(path.join(prefix, 'access.log'), 'utf8').split('\n').filter(Boolean)
        : [],
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
