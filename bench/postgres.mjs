// A fresh PostgreSQL database for one run, created next to the one
// DATABASE_URL names and dropped afterwards.
import pg from 'pg';

async function admin(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createDatabase(url) {
  const name = `bench_${Date.now().toString(36)}`;
  await admin(url, `create database "${name}"`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { name, url: own.toString(), drop: () => admin(url, `drop database if exists "${name}" with (force)`) };
}
