// Lint rules that keep Tunewall's layers apart (DESIGN.md) and its code honest (no any, no ts-ignore).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronImport = {
  name: 'electron',
  message: 'Only main/electron/ may import electron; the core takes its outside world as interfaces.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      'no-restricted-imports': ['error', { paths: [electronImport] }],
    },
  },
  {
    files: ['main/electron/**/*.ts', 'test/main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['main/core/**/*.ts', 'shared/**/*.ts', 'sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [{ group: ['**/renderer/**'], message: 'The core and the service never import the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [
            { group: ['**/main/**', '**/sandbox/**', 'node:*'], message: 'The renderer talks only to the bridge typed in shared/.' },
          ],
        },
      ],
    },
  },
  {
    // The renderer's dev tools that drive a browser and read the pictures it took run in Node, not in the renderer.
    files: ['renderer/dev/screenshots.ts', 'renderer/dev/compareShots.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronImport] }] },
  },
  {
    // The bench's floor and peer pages run in the browser, beside Tunewall, and share nothing with it.
    files: ['bench/baseline/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
