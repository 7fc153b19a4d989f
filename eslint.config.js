import js from '@eslint/js';
import globals from 'globals';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default tseslint.config(
  { ignores: ['out/', 'node_modules/', 'test-results/', '.gatehouse/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, svelteConfig, extraFileExtensions: ['.svelte'] } },
  },
  {
    // The core runs under the browser host and in tests: it must never reach for Electron.
    files: ['electron/core/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
);
