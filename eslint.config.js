import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'bench/results/',
      'coverage/',
      'console/dist*/',
      'test-results/',
      'src/http/api-types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  { files: ['src/cli/**', 'bench/**', 'test/**'], rules: { 'no-console': 'off' } },
  // Rooms say what may be touched: a domain reaches another domain through that domain's index.ts,
  // never its store, and the analytics wing only through src/analytics/index.ts. The composition root
  // (src/app), the kernel and the wing's own rooms are exempt (docs/architecture.md).
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/app/**', 'src/kernel/**', 'src/analytics/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(?!graph/|db/)[a-z-]+/([a-z-]+\\.)?store\\.js$',
              message:
                "Another domain's store is its own: import what you need from that domain's index.ts (docs/architecture.md).",
            },
            {
              regex: '^(\\.\\./)+analytics/(?!index\\.js$).+',
              message:
                'The analytics wing is reached through src/analytics/index.ts only (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
);
