// Lint: the engines (src/core, src/games) stay pure — no I/O, clock, Math.random or Colyseus.
import tseslint from 'typescript-eslint';

const impure = [
  { name: 'Math', property: 'random', message: 'Engines draw randomness from the seeded PRNG in state (src/core/rng.ts).' },
  { name: 'Date', property: 'now', message: 'Engines have no clock: time enters as SYSTEM moves.' },
  { name: 'performance', property: 'now', message: 'Engines have no clock: time enters as SYSTEM moves.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.prod-check/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/core/**/*.ts', 'src/games/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', ...impure.map(({ name, property, message }) => ({ object: name, property, message }))],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Engines have no clock.' },
        { name: 'setInterval', message: 'Engines have no clock.' },
        { name: 'fetch', message: 'Engines do no I/O.' },
        { name: 'process', message: 'Engines do no I/O.' },
        { name: 'require', message: 'Engines do no I/O.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date']", message: 'Engines have no clock.' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'fs/*', 'path', 'os', 'net', 'http', 'https', 'crypto', 'child_process', 'worker_threads'], message: 'Engines do no I/O.' },
            { group: ['@colyseus/*', 'colyseus', 'express', 'ioredis', 'pino*', 'prom-client'], message: 'Engines know nothing of the server.' },
            { group: ['**/server/**', '**/rooms/**', '**/schema/**'], message: 'Engines know nothing of the server.' },
          ],
        },
      ],
    },
  },
  {
    // The web client is a thin client: the SDK, the client/ helpers and its own files; no rules, no server.
    files: ['web/**/*.ts'],
    ignores: ['web/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/rooms/**', '**/schema/**', '**/test/**', '**/scripts/**'], message: 'The web client holds no rules: it draws state and sends listed legal moves.' },
            { group: ['@colyseus/*', '!@colyseus/sdk', 'colyseus', 'express', 'ioredis', 'zod', 'node:*'], message: 'The web client uses only @colyseus/sdk and client/ helpers.' },
          ],
        },
      ],
    },
  },
);
