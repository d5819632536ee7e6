import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAudits } from 'graphql-http';
import { startTestServer } from '../support/app';

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

describe('GraphQL over HTTP conformance (graphql-http serverAudits)', () => {
  // Audits are listed before the server starts, so the URL is read when each runs.
  for (const audit of serverAudits({ url: () => `${server.url}/graphql` })) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      // Every audit must pass, MUST, SHOULD and MAY alike; a warning is a failure here too.
      expect(result.status, 'reason' in result ? result.reason : '').toBe('ok');
    });
  }
});
