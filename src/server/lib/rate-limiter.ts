import { sql, type SQL } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import { executePrepared, type Executor } from '@/server/db/client';
import { rateLimitHits } from '@/server/db/schema/index';
import { batched } from './batched.js';

/** At most `limit` hits per `windowSeconds` for one key. */
export interface RateRule {
  /** Names the rule in the stored key, so two rules never share a counter. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** `count`: hits in the current window, this one included; `resetSeconds`: until that window ends. */
export type RateDecision = { count: number; resetSeconds: number } & (
  { allowed: true } | { allowed: false; retryAfterSeconds: number }
);

// Counters older than this are swept; every rule's window must be shorter.
const MAX_WINDOW_SECONDS = 3600;
const SWEEP_EVERY_MS = 60_000;

type HitRow = { key: string; count: number; retry_after: number };
interface Pair {
  first: string;
  then: string | null;
}
export interface PairDecision {
  first: RateDecision;
  /** Null when it was not counted: no key, or the first hit was over its limit. */
  then: RateDecision | null;
}

/**
 * The upsert that counts a hit under `rule` on each stored key `keys` selects (one column), in the
 * order of the keys: a key's window starts at its first hit and restarts at the first hit after it ran out.
 */
function countHits(rule: RateRule, keys: SQL): SQL {
  const window = sql`make_interval(secs => ${rule.windowSeconds}::int)`;
  const expired = sql`h.window_start + ${window} <= excluded.window_start`;
  return sql`
    insert into ${rateLimitHits} as h (key, window_start, count)
    select key, now(), 1 from (${keys}) as hits(key) order by key
    on conflict (key) do update set
      count = case when ${expired} then 1 else h.count + 1 end,
      window_start = case when ${expired} then excluded.window_start else h.window_start end
    returning h.key, h.count, ceil(extract(epoch from h.window_start + ${window} - now()))::int as retry_after`;
}

function decide(rule: RateRule, row: HitRow): RateDecision {
  const resetSeconds = Math.max(1, row.retry_after);
  const counted = { count: row.count, resetSeconds };
  return row.count <= rule.limit
    ? { ...counted, allowed: true }
    : { ...counted, allowed: false, retryAfterSeconds: resetSeconds };
}

/**
 * Fixed-window rate limiter kept in PostgreSQL (the UNLOGGED table rate_limit_hits), so every
 * server sharing the database shares the counts and the embedded default needs nothing else.
 * Each hit is an upsert (hits that arrive together share one statement): a key's window starts at
 * its first hit and restarts at the first hit after it ran out. Times come from the database clock,
 * so servers with skewed clocks agree.
 * Like any fixed window it lets up to twice the limit through around a window's end.
 */
export function createRateLimiter(db: Executor, options: { log?: (err: unknown) => void } = {}) {
  let lastSweep = 0;

  function sweep() {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    db.execute(sql`delete from ${rateLimitHits} where window_start < now() - make_interval(secs => ${MAX_WINDOW_SECONDS})`).catch(
      (err: unknown) => options.log?.(err),
    );
  }

  /**
   * One statement for the hits of several keys under one rule, in the order of their keys (so
   * concurrent statements lock the counters in one order). `keys` holds no key twice.
   */
  async function hitKeys(rule: RateRule, keys: string[]): Promise<RateDecision[]> {
    sweep();
    const stored = keys.map((key) => `${rule.name}:${key}`);
    const { rows } = await executePrepared<HitRow>(db, countHits(rule, sql`select unnest(${sql.param(stored)}::text[])`));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return stored.map((key) => decide(rule, byKey.get(key)!));
  }

  /**
   * One statement for pairs of hits: each `first` key under `first`, and its `then` key (if any)
   * under `then` only where the first hit was within its limit. Every `first` counter is locked
   * before any `then` one, each kind in the order of its keys.
   */
  async function hitPairs(first: RateRule, then: RateRule, pairs: Pair[]): Promise<PairDecision[]> {
    sweep();
    const firstKeys = pairs.map((p) => `${first.name}:${p.first}`);
    const thenKeys = pairs.map((p) => (p.then === null ? null : `${then.name}:${p.then}`));
    const { rows } = await executePrepared<HitRow & { then: boolean }>(
      db,
      sql`
        with
        input as (select * from unnest(${sql.param(firstKeys)}::text[], ${sql.param(thenKeys)}::text[]) as i(first_key, then_key)),
        first_hit as (${countHits(first, sql`select first_key from input`)}),
        then_hit as (${countHits(
          then,
          sql`select i.then_key from input i join first_hit f on f.key = i.first_key where i.then_key is not null and f.count <= ${first.limit}::int`,
        )})
        select key, count, retry_after, false as then from first_hit
        union all
        select key, count, retry_after, true from then_hit`,
    );
    const firstRows = new Map(rows.filter((r) => !r.then).map((r) => [r.key, r]));
    const thenRows = new Map(rows.filter((r) => r.then).map((r) => [r.key, r]));
    return pairs.map((_, i) => {
      const thenRow = thenKeys[i] === null ? undefined : thenRows.get(thenKeys[i]!);
      return { first: decide(first, firstRows.get(firstKeys[i]!)!), then: thenRow ? decide(then, thenRow) : null };
    });
  }

  // Per rule, the hits that arrive while a statement is under way share the next one (group
  // commit, lib/batched.ts): under a burst of sign-ups one statement counts a hundred of them.
  const hitters = new Map<string, (key: string) => Promise<RateDecision>>();
  const pairHitters = new Map<string, (pair: Pair) => Promise<PairDecision>>();

  const checkWindow = (rule: RateRule) => {
    if (rule.windowSeconds > MAX_WINDOW_SECONDS) throw new Error(`rate rule ${rule.name}: window longer than an hour`);
  };

  /** Counts one hit on `key` under `rule` and says whether it is within the limit. */
  async function hit(rule: RateRule, key: string): Promise<RateDecision> {
    let hitOne = hitters.get(rule.name);
    if (!hitOne) {
      checkWindow(rule);
      // A key twice in one statement would be one row updated twice: the second waits for the next.
      hitOne = batched((keys: string[]) => hitKeys(rule, keys), { max: 100, keyOf: (key) => key });
      hitters.set(rule.name, hitOne);
    }
    return hitOne(key);
  }

  /**
   * Counts one hit on `firstKey` under `first` and, when `thenKey` is given and that hit is within
   * its limit, one on `thenKey` under `then`, by one statement: as `hit` twice, one after the
   * other, would (`then` is null where it was not counted).
   */
  async function hitThen(first: RateRule, firstKey: string, then: RateRule, thenKey: string | null): Promise<PairDecision> {
    const name = `${first.name}>${then.name}`;
    let hitPair = pairHitters.get(name);
    if (!hitPair) {
      checkWindow(first);
      checkWindow(then);
      // Keyed by the counters' stored keys: no counter is counted twice by one statement.
      hitPair = batched((pairs: Pair[]) => hitPairs(first, then, pairs), {
        max: 100,
        keyOf: (pair) => [`${first.name}:${pair.first}`, ...(pair.then === null ? [] : [`${then.name}:${pair.then}`])],
      });
      pairHitters.set(name, hitPair);
    }
    return hitPair({ first: firstKey, then: thenKey });
  }

  return { hit, hitThen };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The address a limit applies to: IPv4 as is (IPv4-mapped IPv6 unwrapped), IPv6 by its /64, since
 * one subscriber usually holds a whole /64 and could otherwise take a fresh address per request.
 * Anything that is not an address (a test's made-up peer) is its own bucket.
 */
export function ipBucket(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
