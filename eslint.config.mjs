// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { folderImportsPlugin } from './eslint.folders.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'packages/sandbox/test/docsClients/**',
      'node_modules/**',
      '.vscode-test/**',
      '*.vsix',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
    },
  },
  {
    // What each folder of src and the sandbox package may import (CONTRIBUTING.md's folder map): eslint.folders.mjs.
    files: ['src/**/*.ts', 'packages/sandbox/src/**/*.ts'],
    plugins: { 'exchange-tx': folderImportsPlugin },
    rules: { 'exchange-tx/folder-imports': 'error' },
  },
  {
    // The extension runs only its shipped files: nothing from its storage is compiled, cached or required.
    files: ['src/**/*.ts', 'packages/sandbox/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Identifier[name=/^(cachedData|createCachedData|produceCachedData|runInThisContext|compileFunction|createRequire)$/]',
          message: 'No code cache and no code loaded from a file: the extension runs only its shipped files.',
        },
        { selector: "CallExpression[callee.name='require']", message: 'Import modules with import, never require().' },
        {
          selector: 'ImportExpression[source.type!="Literal"]',
          message: 'import() takes a literal path: the extension runs only its shipped files.',
        },
      ],
    },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'process', 'require', 'Buffer', '__dirname'] },
  },
  {
    files: [
      'packages/sandbox/src/cli.ts',
      'scripts/**/*.ts',
      'test/**/*.ts',
      'packages/sandbox/test/**/*.ts',
      '*.js',
      '*.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/**/*.ts', 'packages/sandbox/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['*.js', '*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
    },
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        require: 'readonly',
        module: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
      sourceType: 'commonjs',
    },
  },
);
