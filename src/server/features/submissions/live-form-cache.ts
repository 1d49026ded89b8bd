import type pg from 'pg';
import { listenOn } from '@/server/lib/channel-listener';
import { isDatabaseUnavailable } from '@/server/lib/database-unavailable';

/**
 * The live pages a server has looked up, kept in memory while it listens on `lodestone_forms`, where
 * a trigger on `forms` (migration 0015) names every page whose publication, status or deletion
 * changes, whoever changed it (docs/decisions/0026). Without a working listener nothing is cached:
 * a lost connection empties the cache (notifications may have been missed) until LISTEN runs again.
 *
 * Apart from that, the last answer the database gave for each page is kept, and used only when the
 * database cannot be reached at all: a page visitors saw is served as it was last seen rather than
 * not at all (docs/decisions/0067). Whenever the database answers, its answer wins.
 */
export const FORMS_CHANNEL = 'lodestone_forms';
const SYNC = 'sync:';
const MAX_ENTRIES = 10_000;
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
  // The database's last answer per page (listening or not), for reads it cannot answer at all.
  const lastKnown = new Map<string, T>();
  const remember = (id: string, value: T) => {
    lastKnown.delete(id);
    if (lastKnown.size >= MAX_ENTRIES) lastKnown.delete(lastKnown.keys().next().value!);
    lastKnown.set(id, value);
  };
  const inflight = new Map<string, Promise<T>>();
  const syncs = new Map<string, () => void>();
  // Bumped by every notification and every reset: a read that overlapped one is not kept.
  let epoch = 0;
  let listening = false;
  let syncSeq = 0;

  const reset = () => {
    epoch++;
    entries.clear();
    inflight.clear();
    for (const done of syncs.values()) done();
    syncs.clear();
  };

  const listener = listenOn(
    connection,
    FORMS_CHANNEL,
    {
      onNotification(payload) {
        if (!payload) return;
        if (payload.startsWith(SYNC)) {
          syncs.get(payload)?.();
          syncs.delete(payload);
          return;
        }
        epoch++;
        entries.delete(payload);
        inflight.delete(payload);
        lastKnown.delete(payload);
      },
      onListening() {
        // Whatever changed while not listening is unknown: start empty.
        reset();
        listening = true;
      },
      onLost() {
        listening = false;
        reset();
      },
    },
    log,
    'page cache',
  );

  return {
    get listening() {
      return listening;
    },
    peek(id) {
      return listening ? entries.get(id) : undefined;
    },
    async load(id, read) {
      if (!listening) {
        return read().then(
          (value) => {
            remember(id, value);
            return value;
          },
          (err: unknown) => {
            const known = lastKnown.get(id);
            if (known === undefined || !isDatabaseUnavailable(err)) throw err;
            return known;
          },
        );
      }
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
            remember(id, value);
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
      if (!listening) return;
      const token = `${SYNC}${++syncSeq}`;
      const done = new Promise<void>((resolve) => syncs.set(token, resolve));
      const timeout = setTimeout(() => {
        if (syncs.delete(token)) reset();
      }, SYNC_TIMEOUT_MS);
      try {
        await listener.notify(token);
        await done;
      } catch {
        // The connection failed: lost() has emptied the cache, which is as good as synced.
        reset();
      } finally {
        clearTimeout(timeout);
      }
    },
    async close() {
      listening = false;
      reset();
      lastKnown.clear();
      await listener.close();
    },
  };
}
