import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, executePrepared, type Db } from './client.js';

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
