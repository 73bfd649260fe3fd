import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` unless jitless, and even its
// probe for eval is reported as a violation by the pages' CSP (no 'unsafe-eval').
// In the browser it therefore runs jitless; the server keeps the faster JIT.
// Client code imports zod from here (eslint enforces it), so this runs before
// any schema is built: zod decides at construction.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
