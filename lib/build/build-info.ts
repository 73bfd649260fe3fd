// Inlined at build time by next.config.mjs, on the server and in the browser alike.
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';
export const BUILT_AT = process.env.NEXT_PUBLIC_BUILT_AT ?? new Date(0).toISOString();
