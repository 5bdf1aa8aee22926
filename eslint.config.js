import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const markupAsText = { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render page data as text.' };

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'dist/**', 'docs/**/*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Page data is untrusted: never build markup or code from strings.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Render page data as text.' },
        { property: 'outerHTML', message: 'Render page data as text.' },
        { property: 'insertAdjacentHTML', message: 'Render page data as text.' },
      ],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': ['error', markupAsText],
    },
  },
  {
    // Every element becomes an argument: past about 100,000 the call overflows the stack, and inputs
    // (a HAR entry, a capture) reach that size.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        markupAsText,
        {
          selector: 'CallExpression[callee.property.name=/^(push|unshift|max|min|fromCharCode|fromCodePoint)$/] > SpreadElement',
          message: 'Do not spread an array into a call; use pushAll() or a loop.',
        },
      ],
    },
  },
  {
    // WXT auto-imports these globals in entrypoints.
    files: ['entrypoints/**'],
    languageOptions: {
      globals: { defineBackground: 'readonly', defineContentScript: 'readonly', browser: 'readonly', defineUnlistedScript: 'readonly' },
    },
  },
);
