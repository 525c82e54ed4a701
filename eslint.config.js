// ESLint flat config: typescript-eslint's recommended rules over src/, test/ and bench/.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'site/',
      '.bookgen/',
      'node_modules/',
      'bench/out/',
      'bench/.cache/',
      'coverage/',
      'test/fixtures/',
      '.work/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        document: 'readonly',
        window: 'readonly',
        location: 'readonly',
        history: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      // Sanitizers match control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['templates/default/sw.js', 'templates/dev/sw.js'],
    languageOptions: { globals: { self: 'readonly' } },
  },
  {
    files: ['templates/**/*.js'],
    languageOptions: {
      globals: {
        HTMLElement: 'readonly',
        HTMLInputElement: 'readonly',
        HTMLTextAreaElement: 'readonly',
        HTMLOListElement: 'readonly',
        HTMLAnchorElement: 'readonly',
        HTMLSelectElement: 'readonly',
        Element: 'readonly',
        MouseEvent: 'readonly',
        EventSource: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        navigator: 'readonly',
        caches: 'readonly',
        crypto: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
        DOMParser: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        HTMLButtonElement: 'readonly',
        HTMLFormElement: 'readonly',
        HTMLProgressElement: 'readonly',
        Blob: 'readonly',
        DecompressionStream: 'readonly',
        atob: 'readonly',
        btoa: 'readonly',
      },
    },
  },
)
