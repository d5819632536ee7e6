import path from 'node:path';
import { defineConfig } from 'vite';
import { clientDir, clientPlugins } from './vite.plugins.js';

export default defineConfig({
  root: clientDir,
  plugins: clientPlugins(),
  build: {
    outDir: path.resolve(clientDir, '../dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the target takes supports <link rel="modulepreload">: the polyfill is dead weight on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The packages every page loads at start (statically imported from the entry) in one chunk.
          // Split by which lazy chunks share them, they came as dozens of files under 2 KB, each a
          // request a phone on a slow network waits for (the login page: 77 files and 191.9 KB gzip
          // before, 55 and 185.5 KB after: scripts/bench/routeScripts.ts).
          groups: [{ name: 'initial', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }],
        },
      },
      // Chakra's theme entry builds its whole default config with defineConfig (an identity function)
      // at load time; unless the call is known to be pure, importing a single recipe from it keeps
      // every component's recipe (~12 KB gzip) in the entry chunk.
      treeshake: {
        manualPureFunctions: ['defineConfig'],
        // Relay's packages are CommonJS, which the bundler keeps whole, for their side effects, wherever
        // they are imported. They have none: a module that imports only `graphql` from them (a tag the
        // Babel plugin replaces by its artifact) or only types then does not bring Relay's runtime along,
        // and the login page opens without it.
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/](react-relay|relay-runtime)[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
  },
});
