#!/usr/bin/env node
// The e-mail the app wrote instead of sending (no SMTP_URL): .eml files in DATA_DIR/mail.
//   npm run mail -- --latest        the newest message: who, subject, and its text (links included)
//   npm run mail -- --list          every message, newest last
//   npm run mail -- --latest --to someone@example.org   the newest one to that address
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

const args = process.argv.slice(2);
const dir = path.join(path.resolve(process.env.DATA_DIR || './.data'), 'mail');
const toAt = args.indexOf('--to');
const to = toAt >= 0 ? args[toAt + 1]?.toLowerCase() : undefined;

const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
if (names.length === 0) {
  console.error(`No e-mail in ${dir} yet.`);
  process.exit(1);
}

if (args.includes('--list')) {
  for (const name of names) console.log(name);
  process.exit(0);
}
if (!args.includes('--latest')) {
  console.error('Usage: npm run mail -- --latest [--to <address>] | --list');
  process.exit(2);
}

// File names start with the time they were written: the last one is the newest.
for (const name of [...names].reverse()) {
  const message = await simpleParser(await readFile(path.join(dir, name)));
  if (to && !message.to?.text.toLowerCase().includes(to)) continue;
  console.log(`File:    ${path.join(dir, name)}`);
  console.log(`To:      ${message.to?.text ?? ''}`);
  console.log(`Subject: ${message.subject ?? ''}`);
  console.log('');
  console.log(message.text ?? '');
  process.exit(0);
}
console.error(`No e-mail to ${to} in ${dir}.`);
process.exit(1);
