import type { CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

/** A module id with `/` as its separator, whatever the system's. */
const posix = (id: string) => id.replaceAll('\\', '/');
const matching =
  (...patterns: RegExp[]) =>
  (id: string) =>
    patterns.some((pattern) => pattern.test(posix(id)));

/** What the signed-out pages use of the UI libraries (see `chunkGroups`). */
const PUBLIC_UI = matching(
  /\/node_modules\/@chakra-ui\/react\/dist\/esm\/components\/(alert|box|button|card|container|field|flex|grid|group|icon|icons|image|input|input-addon|input-element|input-group|link|list|native-select|simple-grid|stack|tabs)(\/|\.js$)/,
  /\/node_modules\/@chakra-ui\/react\/dist\/esm\/((styled-system|utils|hooks)\/|(create-context|merge-props|merge-refs)\.js$)/,
  /\/node_modules\/@ark-ui\/react\/dist\/(components\/(factory\.js$|field\/|fieldset\/|presence\/|tabs\/)|_virtual\/|utils\/|providers\/)/,
  /\/node_modules\/@zag-js\/(core|dom-query|presence|react|tabs|types|utils|auto-resize)\//,
  /\/node_modules\/lucide-react\/dist\/esm\/(Icon|context|createLucideIcon|shared\/.*|icons\/(arrow-left|circle-check|eye|eye-off))\.mjs$/,
);
const UI_LIBRARIES = matching(/\/node_modules\/(@chakra-ui|@ark-ui|@zag-js|lucide-react)\//);
const RELAY = matching(/\/node_modules\/(react-relay|relay-runtime|invariant|fbjs|@babel\/runtime)\//);

/**
 * How the build groups library modules into chunks (rolldown's `codeSplitting.groups`).
 *
 * Left to itself the bundler splits the UI libraries by which lazy chunks share each module: one
 * file per Chakra component, per lucide icon, per zag helper, most under 2 KB. The dashboard then
 * loaded about a hundred script files; over HTTP/1.1 a browser fetches six at a time, so the page
 * waited through some twenty rounds of requests before it rendered, and its GraphQL requests queued
 * behind them (Lighthouse's LCP: scripts/bench/pageWaterfall.ts shows the waterfall). Grouped, a
 * page loads a few larger files:
 *
 * - `initial`: the packages the entry imports statically (every page loads them at start);
 * - `public-ui`: the UI modules the pages signed-out visitors see use (login, registration, password
 *   reset, the start page). An explicit list: the packages' index files import every component, so
 *   before tree-shaking every page seems to reach everything. A public page that starts using
 *   another component takes it from `signed-in-ui`, which brings that whole chunk onto the login page:
 *   tests/e2e/bundle.spec.ts fails until the component joins the list;
 * - `signed-in-ui`: every other module of those libraries (about 40 KB gzip), loaded by the
 *   signed-in pages;
 * - `relay-runtime`: Relay and its helpers, for the pages that use Relay.
 *
 * Modules of our own are left to the automatic split. Grouped too (the modules the public pages
 * import; those eight or more lazy chunks share), the dashboard loaded 30 files instead of 41 and
 * Lighthouse scored it 80-82 instead of 77-78. That was set aside over pages left blank in the e2e
 * suite, which turned out to be the router's doing, not the grouping's (ShellOffSignIn in
 * app/router.tsx): worth trying again.
 *
 * With `includeDependenciesRecursively: false` a group takes only the modules its test matches:
 * otherwise `public-ui` would pull the signed-in modules its modules import onto the login page.
 */
export const chunkGroups: CodeSplittingGroup[] = [
  { name: 'initial', tags: ['$initial'], test: matching(/\/node_modules\//), priority: 4 },
  { name: 'public-ui', test: PUBLIC_UI, priority: 3 },
  { name: 'signed-in-ui', test: UI_LIBRARIES, priority: 2 },
  { name: 'relay-runtime', test: RELAY, priority: 1 },
];

/**
 * Fails the build when chunks import one another statically in a cycle. Grouping moves modules
 * between chunks, and a cycle is easy to make: with the meeting page in a group of its own, the
 * router's chunk for it became a facade that the group's chunk imported back, so the order in which
 * their modules ran depended on which file the browser had first.
 */
export function noChunkImportCycles(): Plugin {
  return {
    name: 'linkup:no-chunk-import-cycles',
    apply: 'build',
    generateBundle(_, bundle) {
      const imports = new Map<string, string[]>();
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') imports.set(chunk.fileName, chunk.imports);
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        const at = path.indexOf(file);
        if (at >= 0) this.error(`chunks import one another in a cycle: ${[...path.slice(at), file].join(' -> ')}`);
        if (done.has(file)) return;
        for (const imported of imports.get(file) ?? []) visit(imported, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}
