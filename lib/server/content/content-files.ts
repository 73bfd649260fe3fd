import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The content folder: FAQs and static pages per locale (content/{locale}/...). */
export const CONTENT_ROOT = path.join(process.cwd(), 'content');

const cache = new Map<string, unknown>();

/**
 * Reads content/{locale}/{file} once per process and keeps what `parse` made of
 * it: content changes only with a deployment. A missing file throws, naming the
 * file, so a locale without its content fails its tests instead of showing a
 * blank page.
 */
export function loadContent<T>(locale: string, file: string, parse: (source: string) => T, root = CONTENT_ROOT): T {
  const fullPath = path.join(root, locale, file);
  if (cache.has(fullPath)) return cache.get(fullPath) as T;
  let source: string;
  try {
    source = readFileSync(fullPath, 'utf8');
  } catch (error) {
    throw new Error(`Missing content file ${path.relative(process.cwd(), fullPath)} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  const parsed = parse(source);
  cache.set(fullPath, parsed);
  return parsed;
}

/** `---` front matter of `key: value` lines, then the body. */
export function splitFrontMatter(source: string): { fields: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { fields: {}, body: source };
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const separator = line.indexOf(':');
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { fields, body: source.slice(match[0].length) };
}
