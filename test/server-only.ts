// Vitest runs server modules directly; `server-only` guards the client bundles only.
export {};
