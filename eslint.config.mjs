import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  // Code that can reach the browser takes zod from lib/validation/z.ts, which
  // switches off zod's eval-based JIT there (the CSP allows no eval).
  {
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'app/**/*.tsx'],
    ignores: ['lib/server/**', 'lib/validation/z.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import z from '@/lib/validation/z' (jitless in the browser, for the CSP).", allowTypeImports: true }] },
      ],
    },
  },
  // The office's time zone is written once (lib/office/time-zone.ts, issue 39 item 5): code names OFFICE_TIME_ZONE.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['lib/office/time-zone.ts', '**/*.test.{ts,tsx}', 'e2e/**', 'scripts/**', 'bench/**', 'test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Literal[value='Asia/Riyadh']", message: "Use OFFICE_TIME_ZONE from '@/lib/office/time-zone'." },
        { selector: "TemplateElement[value.raw=/Asia\\/Riyadh/]", message: "Use OFFICE_TIME_ZONE from '@/lib/office/time-zone'." },
      ],
    },
  },
  { ignores: ['.next/**', 'node_modules/**', '.data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
];

export default config;
