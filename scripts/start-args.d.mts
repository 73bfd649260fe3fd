// Types of scripts/start-args.mjs for the test that imports it.
export function serverArgs(args: string[], source: Record<string, string | undefined>, keepAliveMs: string): string[];
export const KEEP_ALIVE_MS: string;
