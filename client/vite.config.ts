import path from 'node:path'
import { defineConfig } from 'vite'
import { clientDir, clientPlugins } from './vite.plugins.js'

export default defineConfig({
  root: clientDir,
  plugins: clientPlugins(),
  build: {
    outDir: path.resolve(clientDir, '../dist/client'),
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
  },
})
