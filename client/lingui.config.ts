import { defineConfig } from '@lingui/conf'

// rootDir is this folder (the config file's directory), so paths are relative to client/.
export default defineConfig({
  sourceLocale: 'ru',
  locales: ['ru', 'en', 'fr'],
  fallbackLocales: { fr: ['en'] },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/__generated__/**', '**/node_modules/**'],
    },
  ],
  format: 'po',
  orderBy: 'message',
})
