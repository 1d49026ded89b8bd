import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/setup/database';
import { createDb, type Db } from '@/server/db/client';
import { statementsDuring } from '@tests/kit/statements';
import { createRateLimiter, ipBucket, type RateRule } from './rate-limiter.js';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.pool);
});
afterAll(() => database.drop());

const rule = (name: string, limit: number, windowSeconds = 60): RateRule => ({ name, limit, windowSeconds });
const countOf = async (key: string) =>
  (await db.execute<{ count: number }>(sql`select count from rate_limit_hits where key = ${key}`)).rows[0]?.count;

describe('the PostgreSQL rate limiter', () => {
  it('allows the limit, then refuses with the seconds left in the window, per key', async () => {
    const limiter = createRateLimiter(db);
    const three = rule('three', 3);
    for (let i = 0; i < 3; i++) expect(await limiter.hit(three, 'a')).toMatchObject({ allowed: true, count: i + 1 });
    const refused = await limiter.hit(three, 'a');
    expect(refused).toMatchObject({ allowed: false, count: 4 });
    expect(refused.resetSeconds).toBeGreaterThanOrEqual(1);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBe(refused.resetSeconds);
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    expect(await limiter.hit(three, 'b')).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.hit(rule('other-rule', 3), 'a')).toMatchObject({ allowed: true, count: 1 });
  });

  it('starts a new window on the first hit after the old one ran out', async () => {
    const limiter = createRateLimiter(db);
    const one = rule('one', 1, 10);
    expect((await limiter.hit(one, 'k')).allowed).toBe(true);
    expect((await limiter.hit(one, 'k')).allowed).toBe(false);
    await db.execute(sql`update rate_limit_hits set window_start = now() - interval '11 seconds' where key = 'one:k'`);
    expect((await limiter.hit(one, 'k')).allowed).toBe(true);
    expect(await countOf('one:k')).toBe(1);
  });

  it('counts correctly under concurrent hits, as several servers would make them', async () => {
    const limiter = createRateLimiter(db);
    const ten = rule('ten', 10);
    const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(ten, 'busy')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(await countOf('ten:busy')).toBe(25);
  });

  it('keeps its counters in an UNLOGGED table and sweeps old ones', async () => {
    const { rows } = await db.execute<{ relpersistence: string }>(
      sql`select relpersistence from pg_class where relname = 'rate_limit_hits'`,
    );
    expect(rows[0]?.relpersistence).toBe('u');
    await db.execute(sql`insert into rate_limit_hits values ('stale:x', now() - interval '2 hours', 7)`);
    await createRateLimiter(db).hit(rule('fresh', 5), 'y');
    await expect.poll(() => countOf('stale:x')).toBeUndefined();
    expect(await countOf('fresh:y')).toBe(1);
  });

  it('counts the hits that arrive together in one statement, each with its own count; a key twice waits for the next', async () => {
    const limiter = createRateLimiter(db);
    const two = rule('together', 2);
    await db.execute(sql`insert into rate_limit_hits values ('together:seen', now(), 1)`); // one hit already
    let results: Awaited<ReturnType<typeof limiter.hit>>[] = [];
    const seen = await statementsDuring(async () => {
      results = await Promise.all(['a', 'b', 'seen', 'c', 'seen', 'd'].map((key) => limiter.hit(two, key)));
    });
    // 'a' alone (nothing was under way), then b, seen, c and d together, then the second 'seen'.
    expect(seen.filter((text) => text.includes('insert into "rate_limit_hits"'))).toHaveLength(3);
    expect(results.map((r) => [r.count, r.allowed])).toEqual([
      [1, true],
      [1, true],
      [2, true],
      [1, true],
      [3, false],
      [1, true],
    ]);
    expect(await countOf('together:seen')).toBe(3);
  });

  it('counts a pair of hits by one statement, the second only where the first is within its limit', async () => {
    const limiter = createRateLimiter(db);
    const sender = rule('pair-sender', 2);
    const inbox = rule('pair-inbox', 5);
    let decisions: Awaited<ReturnType<typeof limiter.hitThen>>[] = [];
    const seen = await statementsDuring(async () => {
      for (const then of ['inbox-a', null, 'inbox-b']) decisions.push(await limiter.hitThen(sender, 'ip', inbox, then));
    });
    expect(seen.filter((text) => text.includes('insert into "rate_limit_hits"'))).toHaveLength(3);
    expect(decisions.map((d) => [d.first.count, d.first.allowed, d.then?.count ?? null])).toEqual([
      [1, true, 1],
      [2, true, null], // no second key
      [3, false, null], // the sender is over its limit: the inbox's budget is not used
    ]);
    expect(await countOf('pair-inbox:inbox-a')).toBe(1);
    expect(await countOf('pair-inbox:inbox-b')).toBeUndefined();

    // Pairs that arrive together share a statement; one with a key of a pair already in it waits for the next.
    decisions = [];
    const together = await statementsDuring(async () => {
      decisions = await Promise.all(
        [
          ['ip1', 'inbox-c'],
          ['ip2', 'inbox-c'],
          ['ip3', 'inbox-d'],
          ['ip3', 'inbox-e'],
          ['ip4', 'inbox-f'],
        ].map(([ip, then]) => limiter.hitThen(sender, ip!, inbox, then!)),
      );
    });
    // ip1 alone (nothing was under way), then ip2, the first ip3 and ip4 together, then the second ip3.
    expect(together.filter((text) => text.includes('insert into "rate_limit_hits"'))).toHaveLength(3);
    expect(decisions.map((d) => [d.first.count, d.then?.count])).toEqual([
      [1, 1],
      [1, 2],
      [1, 1],
      [2, 1],
      [1, 1],
    ]);
    expect(await countOf('pair-inbox:inbox-c')).toBe(2);
    expect(await countOf('pair-sender:ip3')).toBe(2);
  });
});

describe('ipBucket', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(ipBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(ipBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:DB8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
    expect(ipBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipBucket('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(ipBucket('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(ipBucket('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(ipBucket('not an ip')).toBe('not an ip');
    expect(ipBucket('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
