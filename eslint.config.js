// ESLint flat config: TypeScript, import cycles, Relay and React hooks rules. `npm run lint` runs it
// with the Prettier check; formatting itself is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'client/dist/**', 'server/src/generated/**', 'client/src/__generated__/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the files import-x reads to follow imports (espree cannot parse them).
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // A cycle makes module start-up order matter and hides which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Relay's graphql`...` fragments stand alone: the compiler reads them, the tag is never called.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON answers field by field; typing every response body would add nothing.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { relay, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'relay/graphql-syntax': 'error',
      'relay/unused-fields': 'error',
      'relay/generated-typescript-types': 'error',
      'relay/must-colocate-fragment-spreads': 'error',
      'relay/function-required-argument': 'error',
      'relay/hook-required-argument': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // The router keeps its first loaders' result for RouterProvider only while nothing else
          // subscribes: another subscriber left pages blank whose loaders ended before it mounted.
          selector: "CallExpression[callee.object.name='router'][callee.property.name='subscribe']",
          message: 'Read the location in a route element (useLocation) instead: see ShellOffSignIn in app/router.tsx.',
        },
      ],
    },
  },
);
