import path from 'node:path';
import { fileURLToPath } from 'node:url';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import relay from 'babel-plugin-relay';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';
import type { PluginOption } from 'vite';

export const clientDir = path.dirname(fileURLToPath(import.meta.url));
export const repoDir = path.resolve(clientDir, '..');
const linguiConfigPath = path.join(clientDir, 'lingui.config.ts');

/**
 * The plugins shared by the Vite build, the dev server and the Vitest client project:
 * plugin-react 6 no longer runs Babel, so Relay's `graphql` tags and Lingui's macros go through
 * @rolldown/plugin-babel.
 */
export function clientPlugins(): PluginOption[] {
  // Lingui finds its config from the working directory by default; the repo root has none.
  const linguiConfig = getConfig({ configPath: linguiConfigPath });
  return [
    react(),
    babel({
      include: /[\\/]client[\\/]src[\\/].*\.[jt]sx?$/,
      plugins: [
        [
          relay,
          {
            artifactDirectory: path.join(clientDir, 'src/__generated__'),
            eagerEsModules: true,
          },
        ],
        [linguiMacro, { linguiConfig }],
      ],
    }),
    lingui({ configPath: linguiConfigPath }),
  ];
}
