// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Imports that shared/ must never use: it runs in the renderer and the engine alike. */
const impureImports = {
  patterns: [
    { group: ['electron', 'electron/*'], message: 'shared/ is pure: no Electron.' },
    { group: ['node:*'], message: 'shared/ is pure: no Node built-ins.' },
    {
      group: ['fs', 'fs/*', 'path', 'os', 'child_process', 'worker_threads', 'net', 'http', 'crypto', 'util'],
      message: 'shared/ is pure: no Node built-ins.',
    },
    {
      group: ['vue', 'pinia', '**/renderer/**', '**/electron/**'],
      message: 'shared/ depends on nothing above it.',
    },
  ],
};
/** Globals that exist only in Node or the DOM. */
const impureGlobals = [
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'window',
  'document',
  'navigator',
  'localStorage',
  'global',
  'globalThis',
].map((name) => ({ name, message: 'shared/ is pure: no Node or DOM globals.' }));

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests may assert presence with `!` after they have checked it.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', impureImports],
      'no-restricted-globals': ['error', ...impureGlobals],
    },
  },
  {
    // The engine, its service, `jury serve` and the CLI run without Electron (in Node, or in Electron's
    // utility process): only the thin shell (main.ts, preload.ts, ipc/, shell/) may touch it.
    files: [
      'electron/engine/**/*.ts',
      'electron/app/**/*.ts',
      'electron/serve/**/*.ts',
      'electron/cli/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'only the Electron shell imports electron.' },
            { group: ['**/shell/**', '**/main.ts', '**/preload*'], message: 'the shell sits above this.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'only the Electron shell imports electron.' },
            {
              group: ['**/app/**', '**/serve/**', '**/cli/**', '**/shell/**'],
              message: 'the engine depends on nothing above it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // One game driver (shared/games/driver.ts) tells a module game from a game package; nothing else asks.
    files: ['**/*.{ts,vue}'],
    ignores: ['shared/games/driver.ts', 'shared/games/registry.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='findPackageGame']",
          message: 'ask the game driver (gameDriver in shared/games/driver.ts), not the package registry.',
        },
      ],
    },
  },
  prettier,
);
