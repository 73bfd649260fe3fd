// Types of scripts/server-node-options.mjs for the test that imports it.
export const SERVER_NODE_OPTIONS: string;
export function serverNodeOptions(given?: Record<string, string | undefined>): string;
export function serverEnv(given?: Record<string, string | undefined>): Record<string, string>;
