// Types of scripts/server-options.mjs for the test that imports it.
export function serverOptions(args: string[], source: Record<string, string | undefined>): { port: number; hostname: string | undefined; keepAliveTimeout: number | undefined; dev: boolean };
