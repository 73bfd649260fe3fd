// Types of scripts/app-address.mjs for the test that imports it.
export function loadAppEnv(dir?: string): void;
export function appAddress(env: Record<string, string | undefined>): string;
