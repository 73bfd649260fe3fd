import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteWithStatements } from './pglite-statements';

// The parsers drizzle passes with each query (timestamps stay text).
const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

describe('PGliteWithStatements', () => {
  let db: PGliteWithStatements;
  let plain: PGlite;
  const schema = `
    create table pilgrims (id serial primary key, name text not null unique, born date, seen timestamptz, tags text[], answers jsonb, paid boolean, fee numeric);
    insert into pilgrims (name, born, seen, tags, answers, paid, fee) values
      ('Aisha', '1990-03-14', '2026-11-26 10:00:00+00', '{a,b}', '{"step": "applicant"}', true, 1250.50),
      ('Omar', null, null, null, null, null, null);`;

  beforeAll(async () => {
    db = new PGliteWithStatements('memory://');
    plain = new PGlite('memory://');
    await db.exec(schema);
    await plain.exec(schema);
  });
  afterAll(async () => {
    await db.close();
    await plain.close();
  });

  const kept = async () => (await db.query<{ name: string }>(`select name from pg_prepared_statements where name like 'pws_%' order by name`)).rows.map((row) => row.name);

  it("answers exactly what PGlite's own query answers, in both row modes and with the caller's parsers", async () => {
    const cases: [string, unknown[]][] = [
      ['select * from pilgrims where id = $1', [1]],
      ['select * from pilgrims where born > $1 or name = $2 order by id', [new Date('1980-01-01T00:00:00Z'), 'Omar']],
      ['select tags, answers, answers -> $1 as step from pilgrims where tags @> $2', ['step', ['a']]],
      ['select count(*) from pilgrims where paid = $1 or paid is null', [true]],
      ['select $1::jsonb as sent', [{ name: 'عائشة', companions: [] }]],
      ['select name from pilgrims where name = $1', [null]],
    ];
    for (const [sql, params] of cases) {
      for (const options of [undefined, drizzleLike]) {
        // Twice: once while the statement is prepared, once from the kept statement.
        for (let run = 0; run < 2; run++) expect(await db.query(sql, params, options)).toEqual(await plain.query(sql, params, options));
      }
    }
  });

  it('prepares each SQL text once and then only binds it', async () => {
    const sql = 'select name from pilgrims where id = $1';
    const before = await kept();
    for (let id = 1; id <= 5; id++) await db.query(sql, [id]);
    const after = await kept();
    expect(after.length).toBe(before.length + 1);
    expect(await db.query(sql, [2])).toMatchObject({ rows: [{ name: 'Omar' }] });
    expect(await kept()).toEqual(after);
  });

  it('reports affected rows of a write, and a database error with its code, then goes on', async () => {
    expect(await db.query(`update pilgrims set paid = $1 where name = $2`, [false, 'Omar'])).toMatchObject({ affectedRows: 1, rows: [] });
    await expect(db.query(`insert into pilgrims (name) values ($1)`, ['Aisha'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(`insert into pilgrims (name) values ($1)`, ['Aisha'])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query('select * from no_such_table where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect(await db.query(`select paid from pilgrims where name = $1`, ['Omar'])).toMatchObject({ rows: [{ paid: false }] });
  });

  it('prepares a statement again when a migration changed what it reads', async () => {
    const sql = 'select * from pilgrims where id = $1';
    await db.query(sql, [1]);
    await db.exec('alter table pilgrims add column country text');
    const { rows } = await db.query<{ country: string | null; name: string }>(sql, [1]);
    expect(rows[0]).toMatchObject({ name: 'Aisha', country: null });
  });

  it('waits for an open transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into pilgrims (name) values ('Yusuf')`);
      opened();
      await held;
      await tx.rollback();
    });
    await open;
    // Issued while the transaction is open: it must neither see the insert nor be rolled back with it.
    const outside = db.query(`insert into pilgrims (name) values ($1) returning name`, ['Maryam']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'Maryam' }]);
    const { rows } = await db.query<{ name: string }>(`select name from pilgrims where name = any($1) order by name`, [['Maryam', 'Yusuf']]);
    expect(rows).toEqual([{ name: 'Maryam' }]);
  });

  it('keeps at most 200 statements, closing the least recently used', async () => {
    const hot = 'select name from pilgrims where id = $1 and true';
    const nameOf = async (sql: string) => (await db.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [sql])).rows.map((row) => row.name);
    await db.query(hot, [1]);
    const [hotName] = await nameOf(hot);
    expect(hotName).toMatch(/^pws_/);
    for (let i = 0; i < 250; i++) {
      await db.query(`select $1::int + ${i} as n`, [1]);
      if (i % 50 === 0) await db.query(hot, [1]);
    }
    const names = await kept();
    expect(names.length).toBeLessThanOrEqual(200);
    expect(names.length).toBeGreaterThan(150);
    // Used all along, the hot statement was never closed and prepared again; the oldest idle ones were.
    expect(await nameOf(hot)).toEqual([hotName]);
    expect(await nameOf('select $1::int + 0 as n')).toEqual([]);
    expect(await nameOf('select $1::int + 249 as n')).toHaveLength(1);
  });
});
