import path from 'node:path';
import { defineConfig } from 'vite';
import { chunkGroups, noChunkImportCycles } from './chunkGroups.js';
import { clientDir, clientPlugins } from './vite.plugins.js';

export default defineConfig({
  root: clientDir,
  plugins: [...clientPlugins(), noChunkImportCycles()],
  build: {
    outDir: path.resolve(clientDir, '../dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the target takes supports <link rel="modulepreload">: the polyfill is dead weight on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // A few larger files per page instead of a hundred small ones (chunkGroups.ts says why).
        codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false },
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
