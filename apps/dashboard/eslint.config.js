// Dashboard lint config. ESLint 10 looks up the config nearest to each linted file, so this
// file is used for apps/dashboard/** whether ESLint runs from the repository root or here.
// It extends the root config and adds browser globals, the React hooks rules and the
// one-way import rule (shared code -> features -> app).
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import rootConfig from '../../eslint.config.js';

const noAppImports = {
  group: ['@/app', '@/app/*', '**/app/*'],
  message: 'Only src/app composes screens; shared code and features must not import from it.',
};
const noFeatureImports = {
  group: ['@/features', '@/features/*'],
  message:
    'Shared code must not depend on a feature. Inside a feature, import its own files with relative paths; features never import each other (compose them in src/app).',
};

export default [
  ...rootConfig,
  {
    files: ['src/**/*.{ts,tsx}', 'public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Missing dependencies are real bugs here, not style: fail the lint.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Dates are shown and typed in the user's time zone (hooks/use-time-zone.ts, lib/format.ts,
    // lib/local-datetime.ts), not the browser's: these read the browser's clock.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(toLocale(Date|Time)?String|getHours|getDate|getDay|getMonth|getFullYear|getMinutes|getSeconds|getTimezoneOffset)$/]',
          message:
            "This reads the browser's time zone. Use useTimeZone() with lib/format.ts or lib/time-zone.ts (wallClock).",
        },
        {
          selector:
            "NewExpression[callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
          message:
            "Give Intl.DateTimeFormat a timeZone: the user's, from useTimeZone(), not the browser's.",
        },
      ],
    },
  },
  {
    // Features are independent slices; shared folders sit below them.
    files: [
      'src/features/**',
      'src/components/**',
      'src/hooks/**',
      'src/lib/**',
      'src/config/**',
      'src/types/**',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noAppImports, noFeatureImports] }],
    },
  },
  {
    // A file in features/<a>/<folder>/ reaching ../../<b>/ leaves its feature.
    files: ['src/features/*/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppImports,
            noFeatureImports,
            {
              regex: '^\\.\\./\\.\\./[^.]',
              message: 'Features never import each other; compose them in src/app.',
            },
          ],
        },
      ],
    },
  },
];
