// ESLint over the whole tree: typescript-eslint's recommended rules, plus the type-aware promise rules, which are
// cheap here (one TypeScript program through the project service) and catch the bugs a server cannot afford:
// a forgotten await, a promise passed where a callback's result is ignored.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'contracts/',
      'generated/',
      'dist/',
      'admin/dist/',
      'data/',
      'test-artifacts/',
      'bench/results/',
      'node_modules/',
      '.st-venv/',
      'schemathesis-report/',
      // Payload projects' sources, as Payload writes them (their own tsconfig.json, compiled by tsx).
      'test/fixtures/payload-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    ignores: ['admin/src/**'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.app.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The admin web app (React, bundled by esbuild): typed by its own tsconfig.
    files: ['admin/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: ['./admin/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100 }],
    },
  },
  {
    // Issue 32: a file does one job and a function fits a screen (comments and blank lines count).
    files: ['server/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100 }],
    },
  },
  {
    // Pure type declarations (no code): the config's types are read as one reference.
    files: ['server/config/types.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // Tests read answers whose shape each assertion checks: `any` bodies keep them short.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
)
