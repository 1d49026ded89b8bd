import pg from 'pg';

/**
 * The live pages a server has looked up, kept in memory while it listens on `lodestone_forms`, where
 * a trigger on `forms` (migration 0015) names every page whose publication, status or deletion
 * changes, whoever changed it (docs/decisions/0026). Without a working listener nothing is cached:
 * a lost connection empties the cache (notifications may have been missed) until LISTEN runs again.
 */
export const FORMS_CHANNEL = 'lodestone_forms';
const SYNC = 'sync:';
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];
/** A sync whose notification does not come back in this time empties the cache instead. */
const SYNC_TIMEOUT_MS = 2000;

export interface LiveFormCache<T> {
  /** The cached answer for `id`, or `read()`'s, kept unless a notification came in while it ran. */
  load(id: string, read: () => Promise<T>): Promise<T>;
  /** The cached answer for `id` without reading anything, or undefined. */
  peek(id: string): T | undefined;
  /**
   * Resolves once every notification committed before the call has been applied here: after a
   * write on this server, its own visitors see the change at once, not after the notification.
   */
  synced(): Promise<void>;
  /** True while listening (and so caching). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export function createLiveFormCache<T>(
  connection: pg.ClientConfig,
  log: { warn(obj: object, msg: string): void } = { warn: () => {} },
): LiveFormCache<T> {
  const entries = new Map<string, T>();
  const inflight = new Map<string, Promise<T>>();
  const syncs = new Map<string, () => void>();
  // Bumped by every notification and every reset: a read that overlapped one is not kept.
  let epoch = 0;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let syncSeq = 0;
  let timer: NodeJS.Timeout | undefined;

  const reset = () => {
    epoch++;
    entries.clear();
    inflight.clear();
    for (const done of syncs.values()) done();
    syncs.clear();
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    listening = false;
    reset();
    c.end().catch(() => {});
    if (closed) return;
    if (err) log.warn({ err }, 'page cache: lost the notification connection; reconnecting');
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
    timer = setTimeout(connect, delay);
    timer.unref();
  };

  function connect() {
    if (closed) return;
    const c = new pg.Client(connection);
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel !== FORMS_CHANNEL || !msg.payload) return;
      if (msg.payload.startsWith(SYNC)) {
        syncs.get(msg.payload)?.();
        syncs.delete(msg.payload);
        return;
      }
      epoch++;
      entries.delete(msg.payload);
      inflight.delete(msg.payload);
    });
    c.connect()
      .then(() => c.query(`listen ${FORMS_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        // Whatever changed while not listening is unknown: start empty.
        reset();
        listening = true;
        attempt = 0;
      })
      .catch((err: unknown) => lost(c, err instanceof Error ? err : new Error(String(err))));
  }
  connect();

  return {
    get listening() {
      return listening;
    },
    peek(id) {
      return listening ? entries.get(id) : undefined;
    },
    async load(id, read) {
      if (!listening) return read();
      if (entries.has(id)) return entries.get(id)!;
      const pending = inflight.get(id);
      if (pending) return pending;
      const started = epoch;
      const promise = read().then(
        (value) => {
          if (inflight.get(id) === promise) inflight.delete(id);
          if (listening && epoch === started) {
            if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
            entries.set(id, value);
          }
          return value;
        },
        (err: unknown) => {
          if (inflight.get(id) === promise) inflight.delete(id);
          throw err;
        },
      );
      inflight.set(id, promise);
      return promise;
    },
    async synced() {
      const c = client;
      if (!listening || !c) return;
      const token = `${SYNC}${++syncSeq}`;
      const done = new Promise<void>((resolve) => syncs.set(token, resolve));
      const timeout = setTimeout(() => {
        if (syncs.delete(token)) reset();
      }, SYNC_TIMEOUT_MS);
      try {
        await c.query('select pg_notify($1, $2)', [FORMS_CHANNEL, token]);
        await done;
      } catch {
        // The connection failed: lost() has emptied the cache, which is as good as synced.
        reset();
      } finally {
        clearTimeout(timeout);
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      reset();
      await c?.end().catch(() => {});
    },
  };
}
