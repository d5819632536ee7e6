import path from 'node:path';
import { defineProject } from 'vitest/config';
import { clientPlugins, repoDir } from './vite.plugins.js';

/**
 * The Vitest project of the client's component tests. The root vitest.config.ts lists it in
 * `test.projects`; it also runs alone: `npx vitest run --config client/vitest.project.ts`.
 * It needs the same transforms as the app: Relay's `graphql` tags and Lingui's macros (Babel),
 * and .po catalogs compiled on import.
 */
export default defineProject({
  root: repoDir,
  plugins: clientPlugins(),
  resolve: {
    // The component tests run in a (simulated) browser: simple-peer's WebRTC shim must be its browser
    // build, not the Node one with its native module (simple-peer is inlined below so this applies).
    alias: [{ find: /^webrtc-polyfill$/, replacement: path.join(repoDir, 'node_modules/webrtc-polyfill/browser.js') }],
  },
  test: {
    name: 'client',
    environment: 'happy-dom',
    include: ['tests/client/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/client/setup.ts'],
    testTimeout: 15_000,
    server: { deps: { inline: ['@thaunknown/simple-peer'] } },
  },
});
