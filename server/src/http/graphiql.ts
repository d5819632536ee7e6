import { createHash } from 'node:crypto';
import type { GraphiQLOptions } from 'graphql-yoga';
import { contentSecurityPolicy } from './browserPolicy';

const OPTIONS: GraphiQLOptions = { title: 'LinkUp GraphQL', subscriptionsProtocol: 'WS' };

/** Rendered on first use: the package's bundle (editor, workers) is several megabytes the server need not load at start. */
let rendered: Promise<{ html: string; policy: string }> | undefined;

async function render() {
  const { renderGraphiQL } = await import('@graphql-yoga/render-graphiql');
  const html = renderGraphiQL(OPTIONS);
  // The page is one inline script (the bundle itself); the policy admits exactly that script by its hash.
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `sha256-${createHash('sha256').update(script!).digest('base64')}`,
  );
  // The editor starts its language workers from blob: URLs.
  return { html, policy: contentSecurityPolicy({ inlineScriptHashes: hashes, workers: 'blob' }) };
}

/**
 * GraphiQL (GET /graphql from a browser) from @graphql-yoga/render-graphiql, which carries the whole
 * IDE in the installed package: nothing is loaded from a CDN.
 */
export async function graphiqlPage(request: Request): Promise<Response> {
  rendered ??= render();
  const { html, policy } = await rendered;
  return new Response(request.method === 'HEAD' ? null : html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy, 'cache-control': 'no-cache' },
  });
}
