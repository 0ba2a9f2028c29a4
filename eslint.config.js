import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    // The server's layers import one way: tools -> core -> domain -> routes.
    files: ['apps/server/src/tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '../core/*',
            '../../core/*',
            '../domain/*',
            '../../domain/*',
            '../routes/*',
            '../../routes/*',
            '../db/*',
            '../../db/*',
            '../plugins/*',
            '../../plugins/*',
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'fastify',
            '../domain/*',
            '../../domain/*',
            '../routes/*',
            '../../routes/*',
            '../plugins/*',
            '../../plugins/*',
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
