#!/usr/bin/env node
// The text messages the app wrote instead of sending (no SMS provider set): JSON files in DATA_DIR/sms.
//   npm run sms -- --latest                     the newest message: to, kind, segments, and its text
//   npm run sms -- --list                       every message, newest last
//   npm run sms -- --latest --to +966501234567  the newest one to that number
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const args = process.argv.slice(2);
const dir = path.join(path.resolve(process.env.DATA_DIR || './.data'), 'sms');
const toAt = args.indexOf('--to');
const to = toAt >= 0 ? args[toAt + 1]?.replace(/[\s-]/g, '') : undefined;

const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
if (names.length === 0) {
  console.error(`No text message in ${dir} yet.`);
  process.exit(1);
}
if (args.includes('--list')) {
  for (const name of names) console.log(name);
  process.exit(0);
}
if (!args.includes('--latest')) {
  console.error('Usage: npm run sms -- --latest [--to <number>] | --list');
  process.exit(2);
}

// File names start with the time they were written: the last one is the newest.
for (const name of [...names].reverse()) {
  const message = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
  if (to && message.to !== to) continue;
  console.log(`File:     ${path.join(dir, name)}`);
  console.log(`To:       ${message.to}`);
  console.log(`Kind:     ${message.kind}`);
  console.log(`Segments: ${message.segments} (${message.encoding})`);
  console.log('');
  console.log(message.text);
  process.exit(0);
}
console.error(`No text message to ${to} in ${dir}.`);
process.exit(1);
