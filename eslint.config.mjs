import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// A transaction is a Db (drizzle's PgTransaction extends PgDatabase), and so is either driver's database:
// helpers that run inside the caller's transaction take it as it is (issue 39 item 5: no `as unknown as Db`).
const NO_DB_CAST = { selector: "TSAsExpression[typeAnnotation.typeName.name='Db']", message: 'A transaction or a driver database is a Db already: pass it as it is.' };
// Numbers, money and dates are written by one module (lib/i18n/formats.ts and its calendar-free half numbers.ts, issue 39 item 5): the page's digits, the
// currency's own decimals and both calendars in one place, for the pages, the e-mails, the receipt and the CSV alike.
// Lists and the names of countries and currencies too (issue 60, item 6), and amounts: no `(minor / 100).toFixed(2)` by hand.
const FORMATS_MESSAGE = "Format with '@/lib/i18n/formats' (the page's digits, the currency's decimals, both calendars).";
const NO_OWN_FORMATTER = [
  { selector: "NewExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat|ListFormat|DisplayNames|RelativeTimeFormat)$/]", message: FORMATS_MESSAGE },
  { selector: "CallExpression[callee.object.name='Intl'][callee.property.name=/^(NumberFormat|DateTimeFormat)$/]", message: FORMATS_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]", message: FORMATS_MESSAGE },
  { selector: "CallExpression[callee.property.name='toFixed']", message: "Write an amount with '@/lib/i18n/formats': formats.money to read, formats.amountForInput for a field, plainAmount for the CSV." },
];

const JITLESS_ZOD = { name: 'zod', message: "Import z from '@/lib/validation/z' (jitless in the browser, for the CSP).", allowTypeImports: true };
// The server components that read the server's state while rendering (the footer's pages, the test-payments banner).
const SERVER_COMPONENTS = ['components/layout/site-footer.tsx', 'components/security/per-request.tsx'];
const NO_SERVER = { group: ['@/lib/server', '@/lib/server/**'], message: 'A component reaches the server through the API; only the server components named in eslint.config.mjs read lib/server.' };
// The response contract (lib/contract) is zod schemas for the server's document and types for the clients: browser
// code imports its types only, so no schema reaches a page's JavaScript (issue 39 item 2).
const CONTRACT_TYPES_ONLY = { group: ['@/lib/contract', '@/lib/contract/**'], allowTypeImports: true, message: 'Browser code reads the contract\'s types only: `import type { … } from \'@/lib/contract/…\'`.' };
const UI_NO_FEATURE = {
  group: ['@/components/*', '!@/components/ui', '../*', '@/lib/requests/**', '@/lib/office/**', '@/lib/auth/**', '@/lib/payments/**', '@/lib/notifications/**', '@/lib/push/**', '@/lib/content/**'],
  message: 'components/ui is the kit features build on: it imports no feature (components/<feature>, lib/<feature>).',
};

const config = [
  ...nextVitals,
  ...nextTs,
  // Code that can reach the browser takes zod from lib/validation/z.ts, which
  // switches off zod's eval-based JIT there (the CSP allows no eval).
  {
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'app/**/*.tsx'],
    ignores: ['lib/server/**', 'lib/validation/z.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [JITLESS_ZOD], patterns: [CONTRACT_TYPES_ONLY] }],
    },
  },
  // The contract's own files build on each other.
  {
    files: ['lib/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [JITLESS_ZOD] }] },
  },
  // Fences (issue 39 item 5). A component reaches the server through the API: only the server components named
  // here read lib/server themselves. And components/ui is the kit every feature builds on: it imports no feature
  // (no other components folder, no feature's lib), so a button never drags a feature into a page.
  {
    files: ['components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', ...SERVER_COMPONENTS],
    rules: { 'no-restricted-imports': ['error', { paths: [JITLESS_ZOD], patterns: [NO_SERVER, CONTRACT_TYPES_ONLY] }] },
  },
  {
    files: ['components/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [JITLESS_ZOD], patterns: [NO_SERVER, UI_NO_FEATURE, CONTRACT_TYPES_ONLY] }] },
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
        ...NO_OWN_FORMATTER,
      ],
    },
  },
  // The formatting module itself builds the formatters.
  {
    files: ['lib/i18n/formats.ts', 'lib/i18n/numbers.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_DB_CAST] },
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
  // A route says who may call it through its wrapper (route.public, route.user, route.staff, route.ops, route.signed in
  // lib/server/http/handler.ts), which checks it before the body is read; route-security.test.ts holds each one
  // to the document. So no route checks a caller itself (issue 39 item 3).
  {
    files: ['app/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@/lib/server/auth/authenticate', importNames: ['authenticate'], message: 'Build the route with route.user (or route.user.optional): it hands the handler `session`.' },
            { name: '@/lib/server/office/office-auth', importNames: ['requireStaff', 'assertConsoleOrigin'], message: "Build the route with route.staff(permission) (it hands `member`), or route.public({ from: 'console' })." },
            { name: '@/lib/server/auth/ops-key', importNames: ['assertOpsKey'], message: 'Build the route with route.ops.' },
            { name: '@/lib/server/http/cross-site', importNames: ['refuseCrossSite'], message: "Declare it to the wrapper: { from: 'site' }." },
            { name: '@/lib/server/accounts/email-verification', importNames: ['requireVerifiedEmail'], message: 'Declare it to the wrapper: route.user({ verifiedEmail: true }, …).' },
          ],
        },
      ],
    },
  },
  { ignores: ['.next/**', 'node_modules/**', '.data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
];

export default config;
