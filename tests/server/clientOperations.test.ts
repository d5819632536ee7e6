import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';

/**
 * Every operation the client sends passes the server's query limits (depth, aliases, tokens,
 * cost): a client page that grows past them would fail only in a browser otherwise.
 */
const artifactsDir = path.resolve(import.meta.dirname, '../../client/src/__generated__');
const operations = fs
  .readdirSync(artifactsDir)
  .filter((file) => file.endsWith('.graphql.ts'))
  .map((file) => fs.readFileSync(path.join(artifactsDir, file), 'utf8'))
  .map((source) => /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1])
  .filter((text): text is string => !!text)
  .map((text) => JSON.parse(text) as string)
  // Subscriptions travel over the WebSocket, where the same limits apply.
  .filter((text) => !text.startsWith('subscription'));

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  token = (await registerAndLogin(app)).token;
});
afterAll(() => app?.dispose());

describe('client operations', () => {
  it('are found in the Relay artifacts', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it('all pass the depth, alias, token and cost limits', async () => {
    for (const query of operations) {
      // Variables are left out: the limits are validation rules, checked before any variable.
      const result = await app.graphql(query, {}, { token });
      const limits = (result.errors ?? []).filter((error) => /limit|depth|aliases|tokens/i.test(error.message));
      expect(limits, query.slice(0, 80)).toEqual([]);
    }
  });
});
