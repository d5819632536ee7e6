import type http from 'node:http';
import path from 'node:path';
import { PROJECT_ROOT } from '../projectRoot';
import type { RequestHead } from './routes';

/**
 * Development mode (`npm run dev`): Vite serves the client from source with hot reload, in
 * middleware mode on the server's own port. A request goes to the server when the server's own
 * routing claims it (`servesItself`, the same table production routing uses), to Vite otherwise.
 */
export async function createDevClient(
  server: http.Server,
  servesItself: (head: RequestHead) => boolean,
  serve: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(PROJECT_ROOT, 'client', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  server.on('request', (req, res) => {
    const head = {
      method: req.method ?? 'GET',
      pathname: new URL(req.url ?? '/', 'http://x').pathname,
      accept: req.headers.accept ?? '',
    };
    if (servesItself(head)) serve(req, res);
    else vite.middlewares(req, res);
  });
  return { close: () => vite.close() };
}
