import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { DEAD_PEER_KEEPALIVES } from './dead-peer.js';

/**
 * Who is still alive among the job-queue workers sharing this database.
 *
 * graphile-worker marks the jobs it takes with its worker pool's id (`locked_by`) and only frees the
 * jobs of a pool that vanished (kill -9, a lost machine) after 4 hours. Here each process holds a
 * session-level PostgreSQL advisory lock under a random key for as long as it lives, and lists its
 * pools in `job_workers` with that key before they take their first job. PostgreSQL drops the
 * lock the moment the process's connection dies, so any server can tell a dead pool from a busy
 * one without guessing from timestamps, and frees its jobs within seconds. Pools that are not
 * listed (another tool, an older Lodestone during an upgrade) are never touched.
 */

/** How often each process looks for dead workers; a crashed job is free again within this time. */
export const SWEEP_INTERVAL_MS = 15_000;

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface WorkerLiveness {
  /**
   * For graphile-worker's `run()`: the pool it connects through, which waits until the worker pool
   * created on `events` is listed (its local queue fetches jobs as soon as it exists), and those events.
   */
  runOptions: { pgPool: pg.Pool; events: WorkerEvents };
  /** Frees the jobs of listed workers whose process is gone; returns their ids. */
  sweep(): Promise<string[]>;
  /** Sweeps every `intervalMs` until `stop()`. */
  startSweeping(intervalMs?: number): void;
  /** Stops sweeping, unlists the pools and lets go of the lock (call after the workers stopped). */
  stop(): Promise<void>;
  /**
   * For workers that stopped by themselves without letting go of their jobs (the database went away
   * under them): stops sweeping and lets go of the lock but leaves the pools listed, so the next
   * sweep, here or on another server, frees the jobs they still hold.
   */
  abandon(): Promise<void>;
}

// Positive and below 2^63, so it reads back from pg_locks' two 32-bit halves without sign games.
const newLockKey = () => (BigInt(`0x${randomBytes(8).toString('hex')}`) & 0x3fff_ffff_ffff_ffffn).toString();

/**
 * The lock key as pg_locks shows a single-bigint advisory lock: high half in classid, low in objid.
 * Matching on the current database too, since advisory locks are per database.
 */
const LIVE_KEYS = `select (l.classid::bigint << 32) | l.objid::bigint from pg_locks l
  where l.locktype = 'advisory' and l.objsubid = 1 and l.granted
    and l.database = (select oid from pg_database where datname = current_database())`;

export async function holdWorkerLiveness(pool: pg.Pool, log: Log): Promise<WorkerLiveness> {
  const lockKey = newLockKey();
  const workers = new Set<string>();
  let session: pg.PoolClient | undefined;
  let holding: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  /** Takes the lock on a connection of its own, kept out of the pool for the life of the process. */
  async function takeLock(): Promise<void> {
    const client = await pool.connect();
    client.on('error', (err) => {
      if (stopped || session !== client) return;
      // The database restarted or the network dropped: our workers look dead to the others until we
      // hold the lock again, and any of their jobs freed meanwhile is guarded by the job itself.
      log.warn(`job worker liveness lock lost (${err.message}); taking it again`);
      session = undefined;
      client.release(err);
      holding = retakeLock();
    });
    try {
      for (const setting of DEAD_PEER_KEEPALIVES) await client.query(`set ${setting}`);
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [lockKey]);
      if (!rows[0]?.locked) throw new Error('job worker liveness lock is taken');
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    session = client;
  }

  async function retakeLock(): Promise<void> {
    for (let delay = 500; !stopped; delay = Math.min(delay * 2, 10_000)) {
      try {
        await takeLock();
        // A sweep elsewhere may have unlisted our workers while the lock was gone.
        for (const id of workers) {
          await list(id);
          // The worker stopped while it was being listed again: its own unlisting may have run first.
          if (!workers.has(id)) await unlist(id);
        }
        log.info('job worker liveness lock taken again');
        return;
      } catch (err) {
        log.warn(`job worker liveness lock not taken yet (${(err as Error).message})`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  const list = (workerId: string) =>
    pool.query(
      'insert into job_workers (worker_id, lock_key) values ($1, $2::bigint) on conflict (worker_id) do update set lock_key = excluded.lock_key',
      [workerId, lockKey],
    );

  const unlist = (workerId: string) =>
    pool.query('delete from job_workers where worker_id = $1', [workerId]).catch(() => undefined);

  async function sweep(): Promise<string[]> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ worker_id: string }>(
        `delete from job_workers where lock_key not in (${LIVE_KEYS}) returning worker_id`,
      );
      const dead = rows.map((r) => r.worker_id);
      if (dead.length) await client.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
      await client.query('commit');
      if (dead.length) log.info(`freed the jobs of ${dead.length} stopped job worker(s)`);
      return dead;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Closing the connection ends the lock; it also keeps the session's keepalive settings out of the pool. */
  function letGo() {
    const client = session;
    session = undefined;
    client?.release(true);
  }

  await takeLock();

  // Every connection graphile-worker asks for waits for the listing of the pools created so far.
  let listed: Promise<unknown> = Promise.resolve();
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => {
    workers.add(workerPool.id);
    listed = Promise.all([listed, holding.then(() => list(workerPool.id))]);
  });
  const pgPool = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect')
        return (callback?: (...args: unknown[]) => void) =>
          // The callback form is its LISTEN connection, which takes no job.
          callback ? target.connect(callback) : listed.then(() => target.connect());
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    runOptions: { pgPool, events },
    sweep,
    startSweeping(intervalMs = SWEEP_INTERVAL_MS) {
      const tick = () => {
        sweep()
          .catch((err: unknown) => log.warn(`sweeping stopped job workers failed: ${(err as Error).message}`))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs).unref();
          });
      };
      timer = setTimeout(tick, intervalMs).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await holding;
      for (const id of workers) await unlist(id);
      workers.clear();
      letGo();
    },
    async abandon() {
      stopped = true;
      clearTimeout(timer);
      await holding;
      workers.clear();
      letGo();
    },
  };
}
