// First-load JavaScript of a page as the built HTML asks for it: every
// <script src> that is not `nomodule`, fetched and gzipped at level 9.
import { gzipSync } from 'node:zlib';

export async function firstLoadJs(base, path) {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  const html = await response.text();
  const sources = new Set();
  for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/gi)) {
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = /\bsrc="([^"]+)"/i.exec(attributes)?.[1];
    if (src) sources.add(src.replaceAll('&amp;', '&'));
  }
  let bytes = 0;
  for (const src of sources) {
    const script = await fetch(new URL(src, base));
    if (!script.ok) throw new Error(`GET ${src}: ${script.status}`);
    bytes += gzipSync(Buffer.from(await script.arrayBuffer()), { level: 9 }).length;
  }
  return { kb: bytes / 1024, scripts: sources.size };
}
