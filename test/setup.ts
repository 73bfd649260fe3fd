// Runs before every Vitest file (vitest.config.ts, setupFiles).
import { lowerPasswordCostForTests } from '@/lib/server/auth/password';

// Password hashes at a test cost: see lib/server/auth/password.ts.
lowerPasswordCostForTests(true);
