import { defineConfig } from '@lingui/conf';

/**
 * Two catalogs per language, so the login page does not load the texts of the signed-in area:
 * `public` (what a visitor who is not signed in can see: sign-in, registration, password reset, the
 * shared components and error pages, the landing page), loaded at start, and `messages` (everything else), loaded by
 * the signed-in routes' loader (see client/src/i18n/locale.ts).
 * rootDir is this folder (the config file's directory), so paths are relative to client/.
 */
const PUBLIC = [
  '<rootDir>/src/app/RouteErrorPage.tsx',
  '<rootDir>/src/app/guards.tsx',
  '<rootDir>/src/app/auth',
  '<rootDir>/src/components',
  '<rootDir>/src/features/auth',
  '<rootDir>/src/features/landing',
  '<rootDir>/src/i18n',
];
const GENERATED = ['**/__generated__/**', '**/node_modules/**'];

export default defineConfig({
  sourceLocale: 'ru',
  locales: ['ru', 'en', 'fr'],
  fallbackLocales: { fr: ['en'] },
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/public', include: PUBLIC, exclude: GENERATED },
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: [...GENERATED, ...PUBLIC] },
  ],
  format: 'po',
  orderBy: 'message',
});
