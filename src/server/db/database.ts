import path from 'node:path';
import pg from 'pg';
import type { Config } from '@/server/config';
import { startEmbeddedPostgres, type EmbeddedUse } from './embedded.js';
import { watchEmbeddedPostgres, type Watchdog } from './embedded-watchdog.js';

export interface Database {
  /** Requests' connections. */
  pool: pg.Pool;
  /** Where the database is: the job thread opens its own pool there (`openJobPool`). */
  connection: pg.PoolConfig;
  /** Closes the pool and, for the embedded database, stops PostgreSQL. */
  close(): Promise<void>;
  /**
   * For a stop that ran out of time: stops the embedded PostgreSQL at once (a fast shutdown, which
   * ends its sessions and writes a checkpoint) without waiting for the pool; nothing for an external one.
   */
  halt(): Promise<void>;
}

const EMBEDDED_DATABASE = 'lodestone';
/**
 * Connections per server (decision 0027). Requests and jobs have a pool each: with one pool, 50
 * requests at once queued ahead of every job's statements and the emails fell behind the sign-ups.
 * The job runner keeps two of its own (its LISTEN and its liveness lock) and one per running job
 * (job-thread.ts's JOB_CONCURRENCY).
 */
export const POOL_SIZE = 12;
export const JOB_POOL_SIZE = 20;

/**
 * An idle pooled connection that the server drops (a restart, a failover) emits 'error' on the
 * pool; unhandled, that would crash the process. The pool replaces the connection on next use.
 */
function watch(pool: pg.Pool, log: (msg: string) => void, onLost: () => void = () => undefined): pg.Pool {
  pool.on('error', (err) => {
    log(`database connection lost (${err.message}); it will be replaced`);
    onLost();
  });
  // A connection that fails while checked out fails its query; this keeps its 'error' from crashing the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The job runner's and its tasks' own connections, so a burst of requests never starves the queue.
 * A named statement on them keeps one plan, made for no parameters in particular (decision 0105):
 * the queue's fetch and delete and a follow-up batch's lock of its leads, each with a list of ids,
 * were planned anew at every call (PostgreSQL's default estimates a generic plan dearer for them),
 * about a fifth of the database's time a sign-up. Unnamed statements are planned per call as ever.
 */
export const openJobPool = (connection: pg.PoolConfig, log: (msg: string) => void) =>
  watch(new pg.Pool({ ...connection, max: JOB_POOL_SIZE, options: '-c plan_cache_mode=force_generic_plan' }), log);

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR/postgres. `use` 'command' is an operator command's (`npm run plan`, `npm run seed`): beside a running server it
 * uses that server's embedded PostgreSQL and leaves it running (docs/decisions/0065).
 *
 * A server's embedded PostgreSQL is watched and restarted if it dies (docs/decisions/0069);
 * `onFailure` hears why when it cannot be, and the server should then exit non-zero. An operator
 * command never restarts it: the server that owns it does.
 */
export async function openDatabase(
  config: Config,
  log: (msg: string) => void,
  use: EmbeddedUse = 'server',
  onFailure: (why: string) => void = () => undefined,
): Promise<Database> {
  if (config.databaseUrl) {
    const connection = { connectionString: config.databaseUrl };
    const pool = watch(new pg.Pool({ ...connection, max: POOL_SIZE }), log);
    return { pool, connection, close: () => pool.end(), halt: async () => undefined };
  }
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), log, use);
  try {
    const admin = new pg.Client(embedded.connection);
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [EMBEDDED_DATABASE]);
    if (!rowCount) await admin.query(`create database ${EMBEDDED_DATABASE}`);
    await admin.end();
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  const connection = { ...embedded.connection, database: EMBEDDED_DATABASE };
  const watchdog: Watchdog | undefined =
    use === 'server' && embedded.owned ? watchEmbeddedPostgres(embedded.owned, log, onFailure) : undefined;
  const pool = watch(new pg.Pool({ ...connection, max: POOL_SIZE }), log, () => watchdog?.check());
  return {
    pool,
    connection,
    async close() {
      await watchdog?.stop();
      await pool.end();
      await embedded.stop();
    },
    async halt() {
      await watchdog?.stop();
      await embedded.stop();
    },
  };
}
