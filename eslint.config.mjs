import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// A transaction is a Db (drizzle's PgTransaction extends PgDatabase), and so is either driver's database:
// helpers that run inside the caller's transaction take it as it is (issue 39 item 5: no `as unknown as Db`).
const NO_DB_CAST = { selector: "TSAsExpression[typeAnnotation.typeName.name='Db']", message: 'A transaction or a driver database is a Db already: pass it as it is.' };

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
        NO_DB_CAST,
      ],
    },
  },
  // No file imports itself back, through any path (issue 39 item 1): each module stands on those below it.
  // The `@/` alias resolves through eslint-config-next's TypeScript resolver. Type-only imports are not
  // followed (the rule's own choice); tests are left out: nothing imports a test, so none is on a cycle.
  // The packages are not read for their imports (import/ignore): the rule would otherwise parse every file
  // of next, drizzle and pglite it reaches, which doubled the time of `eslint .`.
  {
    files: ['app/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    settings: { 'import/ignore': ['node_modules'] },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Where the time zone may be written (tests, scripts), a transaction is still passed as it is.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'test/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_DB_CAST] },
  },
  { ignores: ['.next/**', 'node_modules/**', '.data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
];

export default config;
