import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.js';

/** The database; `$client` is its pool, for what needs one connection of its own (a server-side cursor). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: both run queries the same way. */
export type Executor = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();
const MAX_NAMES = 500;

/**
 * Runs `query` as a named statement, which PostgreSQL parses and plans once per connection instead
 * of on every call (decision 0031): for the few statements every submission runs, whose planning
 * cost as much as a third of their execution. The name is the text's hash, so the same text always
 * has the same name. Rows come back as `pg` parses them (drizzle's `execute` only differs for dates).
 * In a transaction (no pool of its own) it runs as `execute` does.
 */
export async function executePrepared<T extends Record<string, unknown>>(executor: Executor, query: SQL): Promise<{ rows: T[] }> {
  if (!('$client' in executor)) return (await executor.execute(query)) as unknown as { rows: T[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `ls_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size < MAX_NAMES) statementNames.set(text, name);
  }
  return (executor as Db).$client.query<T>({ name, text, values: params });
}
