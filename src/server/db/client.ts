import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import * as schema from './schema/index.js';

/** The database; `$client` is its pool, for what needs one connection of its own (a server-side cursor). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: both run queries the same way. */
export type Executor = Pick<Db, 'execute' | 'insert' | 'select' | 'update' | 'delete'>;

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}
