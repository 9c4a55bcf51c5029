// Lint rules, including the module boundaries of STYLE.md: shared/ is pure, renderer/ never
// reaches Node or Electron, electron/ never imports the UI.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'url', 'http', 'https', 'stream', 'util', 'worker_threads'];

// Bare module names (electron, react...) are matched exactly, so a sibling file such as
// renderer/platform/electron.ts is not mistaken for the electron package.
const restrict = (groups) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: groups.flatMap((group) => group.names.filter((name) => !/[*/]/.test(name)).map((name) => ({ name, message: group.message }))),
      patterns: groups
        .map((group) => ({ group: group.names.filter((name) => /[*/]/.test(name)), message: group.message }))
        .filter((pattern) => pattern.group.length > 0),
    },
  ],
});

export default tseslint.config(
  { ignores: ['build/**', 'dist/**', 'node_modules/**', 'test-results/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'cli/bin/**/*.mjs', '*.js', '*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**/*.ts'],
    rules: restrict([
      { names: ['electron', ...nodeBuiltins], message: 'shared/ is pure TypeScript: no Electron or Node imports.' },
      {
        names: ['react', 'react-dom', 'react-dom/*', 'dexie', 'dexie-react-hooks', 'zustand', 'zustand/*'],
        message: 'shared/ must not depend on UI or storage libraries.',
      },
      { names: ['**/renderer/**', '**/electron/**', '**/cli/**'], message: 'shared/ must not import the parts that use it.' },
    ]),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        { names: ['electron', ...nodeBuiltins], message: 'The renderer reaches the host only through renderer/platform.' },
        { names: ['**/electron/**', '**/cli/**'], message: 'The renderer must not import the main process or the command line.' },
      ]),
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: restrict([{ names: ['**/renderer/**', '**/cli/**'], message: 'electron/ may import shared/, never the UI or the command line.' }]),
  },
  {
    files: ['cli/**/*.ts'],
    rules: restrict([{ names: ['electron', '**/renderer/**', '**/electron/**'], message: 'The command line is Node only and computes with shared/.' }]),
  },
);
