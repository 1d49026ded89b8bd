import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, executePrepared, type Db } from './client.js';
import { openJobPool } from './database.js';

let database: TestDatabase;
let one: pg.Pool;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so the statements it prepared can be read back on it.
  one = new pg.Pool({ ...database.pool.options, max: 1 });
  db = createDb(one);
});
afterAll(async () => {
  await one.end();
  await database.drop();
});

const prepared = async () =>
  (await db.execute<{ name: string }>(sql`select name from pg_prepared_statements order by name`)).rows.map((r) => r.name);

describe('executePrepared', () => {
  it('answers as execute does, from a statement the connection prepared once', async () => {
    const query = (n: number) => sql`select ${n}::int + 1 as next, ${'text'}::text as label`;
    expect((await executePrepared(db, query(1))).rows).toEqual((await db.execute(query(1))).rows);
    expect((await executePrepared(db, query(41))).rows).toEqual([{ next: 42, label: 'text' }]);
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^ls_[0-9a-f]{24}$/);
    // Another text is another statement.
    await executePrepared(db, sql`select ${2}::int as two`);
    expect(await prepared()).toHaveLength(2);
  });

  it('runs in the transaction it is given, as execute does', async () => {
    await db.execute(sql`create table prepared_probe (n int)`);
    await db
      .transaction(async (tx) => {
        await executePrepared(tx, sql`insert into prepared_probe values (${1})`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await db.execute(sql`select count(*)::int as n from prepared_probe`)).rows).toEqual([{ n: 0 }]);
  });
});

describe('the job pool', () => {
  it('plans a named statement once per connection, whatever its parameters (decision 0105)', async () => {
    const jobs = openJobPool({ ...database.pool.options, max: 1 }, () => undefined);
    try {
      const byIds = { name: 'probe_by_ids', text: 'select n from generate_series(1, 10) n where n = any($1::int[])' };
      for (const ids of [[1], [2, 3], [4, 5, 6, 7], [8]]) await jobs.query({ ...byIds, values: [ids] });
      const { rows } = await jobs.query<{ generic: string; custom: string }>(
        `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'probe_by_ids'`,
      );
      expect(rows).toEqual([{ generic: 4, custom: 0 }]);
      // The server's own pool plans such a statement for its parameters, as PostgreSQL does by default.
      await one.query({ ...byIds, values: [[1]] });
      expect((await one.query(`select custom_plans::int as custom from pg_prepared_statements`)).rows).toContainEqual({
        custom: 1,
      });
    } finally {
      await jobs.end();
    }
  });
});
