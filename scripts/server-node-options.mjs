// Node options for serving the app (`npm start`, and the bench, which measures
// what `npm start` runs). V8 sizes its heap from the machine's memory (about
// 4 GB here) and, under load, lets garbage pile up to far more than the app
// keeps alive (under 100 MB); with embedded PGlite that pushed the server past
// 500 MB. A 256 MB old generation makes it collect sooner: the bench's memory
// after a 60 s load fell from about 440-510 MB to about 390 MB with no loss of
// throughput. Upload bodies are buffers outside this heap. Raise these with
// NODE_OPTIONS (appended after ours, so a later flag wins) for a bigger box.
export const SERVER_NODE_OPTIONS = '--max-old-space-size=256';

// The young generation, by database. With embedded PGlite, whose WebAssembly
// heap lives in the same process, it is held to 8 MB semi-spaces: after the
// bench's load the server held about 20 MB less (324-335 MB against 338-364 in
// two runs each, 2026-11-25). With PostgreSQL the process holds far less (about
// 175 MB after the same load), and V8's own size here (16 MB) is kept: a
// request's garbage dies young, and the smaller space collected it twice as
// often, the largest cost of an API request beside the constant handler's (GC
// was 0.24 ms of the autosave's 1.4 ms of CPU). In alternating runs the list
// and the autosave did 0.43-0.47 of the constant handler with 8 MB and 0.50-0.57
// with 16 (2026-11-26).
const PGLITE_NODE_OPTIONS = '--max-semi-space-size=8';

/** NODE_OPTIONS for the server: ours first (by the database it will use), then whatever the caller set. */
export function serverNodeOptions(given = process.env) {
  return [SERVER_NODE_OPTIONS, given.DATABASE_URL ? '' : PGLITE_NODE_OPTIONS, given.NODE_OPTIONS].filter(Boolean).join(' ');
}

// glibc's malloc raises its threshold for mapping a large block by itself
// after one is freed, and from then on keeps such blocks in its heaps, where
// freed memory stays resident. Sign-ins hash with scrypt, 16 MB of working
// memory each on the thread pool: after 10 s of sign-ins and the bench's
// 60 s load, the PGlite server held 323 MB with the moving threshold and
// 293 MB with it fixed at glibc's default of 128 KB (2026-11-26). Other C
// libraries ignore the variable.
const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * The environment the server starts with (`npm start`, the bench, the load
 * test): its NODE_OPTIONS, and SERVER_ENV's variables unless the caller set them.
 */
export function serverEnv(given = process.env) {
  return { NODE_OPTIONS: serverNodeOptions(given), ...Object.fromEntries(Object.entries(SERVER_ENV).map(([name, value]) => [name, given[name] ?? value])) };
}
