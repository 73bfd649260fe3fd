import 'server-only';
import { Worker } from 'node:worker_threads';
import { IMAGE_LIMITS } from './image-header';

/**
 * What a decode may use. The heap limits bind the worker's JavaScript heap;
 * the decoders' own buffers live outside it and are bounded instead by the
 * header's size cap (16 MP is 64 MB decoded) and jpeg-js's memory budget.
 */
export type DecodeLimits = {
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** jpeg-js's own budget for the buffers it allocates. */
  maxMemoryMb: number;
  timeoutMs: number;
};

// Measured with jpeg-js, the hungrier decoder: a 12 MP JPEG (4032 × 3024)
// needs about 144 MB of heap and 420 MB in all, and takes 1.5 s here.
export const DEFAULT_DECODE_LIMITS: DecodeLimits = {
  maxOldGenerationSizeMb: 160,
  maxYoungGenerationSizeMb: 16,
  maxMemoryMb: 480,
  timeoutMs: 10_000,
};

// One decode at a time per process: a burst of uploads waits its turn instead
// of multiplying the memory above (uploads are rare and rate-limited per user).
const MAX_CONCURRENT = 1;

export type DecodeOutcome =
  | { ok: true; width: number; height: number }
  /** `unreadable`: not an image; `too_demanding`: it needed more memory or time than allowed. */
  | { ok: false; reason: 'unreadable' | 'too_demanding' };

let limits = DEFAULT_DECODE_LIMITS;
let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

function run(type: 'jpg' | 'png', bytes: Uint8Array, current: DecodeLimits): Promise<DecodeOutcome> {
  return new Promise((resolve) => {
    // `new URL(…, import.meta.url)` is the form Next.js bundles as a worker entry.
    const worker = new Worker(new URL('./decode-worker.mjs', import.meta.url), {
      workerData: { type, bytes, maxPixels: IMAGE_LIMITS.maxPixels, maxMemoryMb: current.maxMemoryMb },
      resourceLimits: {
        maxOldGenerationSizeMb: current.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: current.maxYoungGenerationSizeMb,
      },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: DecodeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'too_demanding' }), current.timeoutMs);
    worker.once('message', (message: DecodeOutcome) => finish(message));
    // ERR_WORKER_OUT_OF_MEMORY, or any other death of the worker: the image asked too much.
    worker.once('error', () => finish({ ok: false, reason: 'too_demanding' }));
    worker.once('exit', () => finish({ ok: false, reason: 'too_demanding' }));
  });
}

/** Decodes an image in a worker thread with bounded memory and time, never on the request's thread. */
export async function decodeImage(type: 'jpg' | 'png', bytes: Uint8Array): Promise<DecodeOutcome> {
  const release = await slot();
  try {
    return await run(type, bytes, limits);
  } finally {
    release();
  }
}

/** For tests that prove a decode over the limits fails cleanly. */
export function setDecodeLimitsForTests(next: Partial<DecodeLimits> | null) {
  limits = next ? { ...DEFAULT_DECODE_LIMITS, ...next } : DEFAULT_DECODE_LIMITS;
}
