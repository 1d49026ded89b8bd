import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldLeadsSummary } from '@/domain/plan-usage';
import { FREE_PLAN_MONTHLY_SUBMISSIONS } from '@/domain/plans';
import { uniqueEmail } from '@tests/kit/data';
import { imageBytes } from '@tests/kit/images';
import { startCluster, type Cluster } from './kit/cluster.js';
import { REPO_ROOT } from './kit/lodestone.js';
import { createPublishedForm, expectStatus, ownerCall, republish, signUp, uploadImage } from './kit/owner.js';
import { waitUntil } from './kit/processes.js';
import { loopbackAddresses, signUpBody, submit, titleOf, visit } from './kit/visitor.js';
import { call } from './kit/http.js';

/*
 * Two compiled Lodestone servers behind nginx, as examples/two-servers runs them: one PostgreSQL,
 * one S3 store, one SMTP server, the same SECRET. Each test names the server a request goes to (its
 * own port) or sends it through nginx, whose X-Upstream header says which server answered. The
 * tests share the servers and run in order; the last one kills A.
 */

let c: Cluster;

beforeAll(async () => {
  c = await startCluster();
  console.log(`[deploy] A and B started together and answered /healthz in ${c.startupMs} ms`);
});

afterAll(async () => {
  await c?.close();
});

/** Runs `work` for each of `items`, `concurrency` at a time. */
async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

const count = <T>(list: T[], pick: (x: T) => boolean) => list.filter(pick).length;

describe('two servers behind nginx, one PostgreSQL', () => {
  it('migrates the empty database once when both servers start at the same moment', async () => {
    const journal = JSON.parse(readFileSync(path.join(REPO_ROOT, 'migrations/meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const ours = await c.db.pool.query<{ hash: string; times: number }>(
      'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
    );
    expect(ours.rows).toHaveLength(journal.entries.length);
    expect(ours.rows.filter((r) => r.times !== 1)).toEqual([]);
    const queue = await c.db.pool.query<{ id: number; times: number }>(
      'select id, count(*)::int as times from graphile_worker.migrations group by id',
    );
    expect(queue.rows.length).toBeGreaterThan(0);
    expect(queue.rows.filter((r) => r.times !== 1)).toEqual([]);
    // Both are up, and nginx reaches each of them.
    const upstreams = new Set<string | undefined>();
    for (let i = 0; i < 4; i++) upstreams.add((await visit(c.pages, '/healthz')).upstream);
    expect([...upstreams].sort()).toEqual([c.upstreamOf(c.a), c.upstreamOf(c.b)].sort());
  });

  it('serves from B the files and images uploaded through A (one object store)', async () => {
    const owner = await signUp(c.appAt(c.a));
    // Over 5 MB: the upload to the store goes in several parts.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(6 * 1024 * 1024)]);
    const { form, config } = await createPublishedForm(c.appAt(c.a), owner, { pdf, config: { doubleOptIn: false } });
    const fileId = config.leadMagnet!.id;

    // The owner's download, from B.
    const owned = expectStatus(await ownerCall(c.appAt(c.b), owner, 'GET', `/api/files/${fileId}`), 200, 'owner download');
    expect(owned.body.equals(pdf)).toBe(true);

    // A visitor signs up on B and downloads from B.
    const signedUp = await submit(c.pagesAt(c.b), form.id, signUpBody(c.secret, uniqueEmail('reader')));
    expect(signedUp.status).toBe(303);
    const thankYou = new URL(signedUp.headers.location!, `http://${c.publicHost}`);
    const thanks = await visit(c.pagesAt(c.b), thankYou.pathname + thankYou.search);
    expect(thanks.status).toBe(200);
    const link = /\/d\/[A-Za-z0-9._~-]+/.exec(thanks.text())?.[0];
    expect(link, 'a download link on the thank-you page').toBeDefined();
    const download = await visit(c.pagesAt(c.b), link!);
    expect(download.status).toBe(200);
    expect(download.body.equals(pdf)).toBe(true);

    // An image uploaded through A, from B's public face.
    const image = await uploadImage(c.appAt(c.a), owner, await imageBytes('png', 700, 400));
    const fromB = await call(c.b.port, { path: `/img/${image.id}/640.webp`, host: c.publicHost });
    expect(fromB.status).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const fromA = await call(c.a.port, { path: `/img/${image.id}/640.webp`, host: c.publicHost });
    expect(fromA.body.equals(fromB.body)).toBe(true);

    // None of it is on either server's disk: it is all in the store.
    for (const server of [c.a, c.b]) {
      const files = path.join(server.dataDir, 'files');
      expect(existsSync(files) ? readdirSync(files) : []).toEqual([]);
    }
    expect(c.s3.requests.some((r) => r.operation === 'UploadPart' && r.status === 200)).toBe(true);
  });

  it('shows a page published on A from B within a second', async () => {
    const owner = await signUp(c.appAt(c.a));
    const { form, config } = await createPublishedForm(c.appAt(c.a), owner, { title: 'First Edition Guide' });
    // B has served (and so cached) the first version.
    for (let i = 0; i < 2; i++) {
      const page = await visit(c.pagesAt(c.b), `/f/${form.id}`);
      expect(page.status).toBe(200);
      expect(titleOf(page.text())).toContain('First Edition Guide');
    }

    await republish(c.appAt(c.a), owner, form.id, { ...config, title: 'Second Edition Guide' });
    const publishedAt = Date.now();
    let seenAfterMs: number | undefined;
    let lastTitle: string | undefined;
    while (Date.now() - publishedAt <= 1000) {
      lastTitle = titleOf((await visit(c.pagesAt(c.b), `/f/${form.id}`)).text());
      if (lastTitle?.includes('Second Edition Guide')) {
        seenAfterMs = Date.now() - publishedAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seenAfterMs, `B still served "${lastTitle}" a second after the publish on A`).toBeDefined();
    console.log(`[deploy] B served the new version ${seenAfterMs} ms after A's publish answered`);
  });

  it('counts visitor rate limits across both servers', async () => {
    const owner = await signUp(c.appAt(c.b));
    const { form } = await createPublishedForm(c.appAt(c.b), owner, { config: { doubleOptIn: false } });

    // One email address on one page: 5 submissions in 10 minutes, wherever they land.
    const email = uniqueEmail('limited');
    const servers = [c.a, c.b, c.a, c.b, c.a, c.b, c.a, c.b];
    const answers: Array<{ server: string; status: number }> = [];
    for (const server of servers) {
      const res = await submit(c.pagesAt(server), form.id, signUpBody(c.secret, email));
      answers.push({ server: server.name, status: res.status });
    }
    expect(answers.map((a) => a.status)).toEqual([303, 303, 303, 303, 303, 429, 429, 429]);

    // One visitor's address on one page: 120 a minute across both servers, not 120 each. Through
    // nginx, so the address is the one nginx passes on (X-Forwarded-For), not nginx's own.
    const visitor = '127.0.0.77';
    const statuses = await inParallel(Array.from({ length: 126 }), 6, async () => {
      const res = await submit(c.pages, form.id, signUpBody(c.secret, uniqueEmail('burst')), visitor);
      return { status: res.status, upstream: res.upstream };
    });
    expect(count(statuses, (s) => s.status === 303)).toBe(120);
    expect(count(statuses, (s) => s.status === 429)).toBe(6);
    const accepted = statuses.filter((s) => s.status === 303);
    expect(count(accepted, (s) => s.upstream === c.upstreamOf(c.a))).toBeGreaterThan(20);
    expect(count(accepted, (s) => s.upstream === c.upstreamOf(c.b))).toBeGreaterThan(20);
    // Another visitor is not held back by the first one's limit.
    const other = await submit(c.pages, form.id, signUpBody(c.secret, uniqueEmail('other')), '127.0.0.78');
    expect(other.status).toBe(303);
  });

  it("counts a Free workspace's monthly sign-ups across both servers and holds those past the limit", async () => {
    const owner = await signUp(c.app);
    const { form } = await createPublishedForm(c.app, owner, { config: { doubleOptIn: false } });
    const limit = FREE_PLAN_MONTHLY_SUBMISSIONS;
    const from = loopbackAddresses(31);
    const emails = Array.from({ length: limit + 5 }, () => uniqueEmail('quota'));
    const answers = await inParallel(emails, 8, async (email) => {
      const res = await submit(c.pages, form.id, signUpBody(c.secret, email), from());
      return { status: res.status, upstream: res.upstream };
    });
    // The visitor is served the same on either side of the limit (decision 0045).
    expect(answers.filter((a) => a.status !== 303)).toEqual([]);
    expect(count(answers, (a) => a.upstream === c.upstreamOf(c.a))).toBeGreaterThan(limit / 4);
    expect(count(answers, (a) => a.upstream === c.upstreamOf(c.b))).toBeGreaterThan(limit / 4);

    const { rows } = await c.db.pool.query<{ shown: number; held: number }>(
      `select count(*) filter (where held_at is null)::int as shown, count(*) filter (where held_at is not null)::int as held
         from leads where form_id = $1 and status = 'verified'`,
      [form.id],
    );
    expect(rows[0]).toEqual({ shown: limit, held: 5 });
    // And the owner is told so by either server.
    for (const server of [c.a, c.b]) {
      const held = expectStatus(await ownerCall(c.appAt(server), owner, 'GET', '/api/leads/held'), 200, 'held leads');
      expect(held.json<HeldLeadsSummary>()).toMatchObject({ limit, months: [{ count: 5 }] });
    }
  });

  it('sends each email once, whichever server queued it and whichever ran the job', async () => {
    const owner = await signUp(c.appAt(c.a));
    const { form } = await createPublishedForm(c.appAt(c.a), owner, { config: { doubleOptIn: true } });
    const visitors = Array.from({ length: 30 }, () => uniqueEmail('confirm-me'));
    const answers = await inParallel(
      visitors,
      6,
      async (email, i) => (await submit(c.pagesAt(i % 2 === 0 ? c.a : c.b), form.id, signUpBody(c.secret, email))).status,
    );
    expect(answers.filter((s) => s !== 303)).toEqual([]);

    const codeEmailsTo = (to: string) =>
      c.smtp.accepted.filter((m) => m.to.includes(to) && /^Subject: \d{6} is your code for /m.test(m.raw));
    await waitUntil('a code email to every visitor', () => visitors.every((v) => codeEmailsTo(v).length > 0), {
      timeoutMs: 20_000,
      detail: () => `${visitors.filter((v) => codeEmailsTo(v).length === 0).length} of ${visitors.length} still without one`,
    });
    // The queue has nothing left to send, and a second send would have happened by now.
    await waitUntil(
      'the email jobs to drain',
      async () => {
        const { rows } = await c.db.pool.query<{ waiting: number }>(
          `select count(*)::int as waiting from graphile_worker._private_jobs j
             join graphile_worker._private_tasks t on t.id = j.task_id
            where t.identifier in ('send_email', 'lead_follow_up')`,
        );
        return rows[0]!.waiting === 0;
      },
      { timeoutMs: 20_000 },
    );
    await new Promise((r) => setTimeout(r, 500));
    const perVisitor = visitors.map((v) => codeEmailsTo(v).length);
    expect(perVisitor).toEqual(visitors.map(() => 1));
    const ids = c.smtp.accepted.map((m) => m.messageId).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('loses no acknowledged sign-up when server A is killed (kill -9) mid-load', async () => {
    const owner = await signUp(c.app);
    const { form } = await createPublishedForm(c.app, owner, { config: { doubleOptIn: false } });
    const from = loopbackAddresses(41);
    const total = 600;
    const killAt = total / 2;
    const acknowledged: Array<{ email: string; upstream: string | undefined; afterKill: boolean; retried: boolean }> = [];
    const failed: Array<{ status: number | string; afterKill: boolean }> = [];
    let sent = 0;
    let answered = 0;
    let killed = false;
    let killing: Promise<void> | undefined;
    const startedAt = Date.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < total) {
          sent += 1;
          const email = `load-${sent}-${uniqueEmail('kill')}`;
          const afterKill = killed;
          try {
            const res = await submit(c.pages, form.id, signUpBody(c.secret, email), from());
            if (res.status === 303)
              acknowledged.push({ email, upstream: res.upstream, afterKill, retried: res.upstreams.length > 1 });
            else failed.push({ status: res.status, afterKill });
          } catch (err) {
            failed.push({ status: (err as NodeJS.ErrnoException).code ?? String(err), afterKill });
          }
          answered += 1;
          if (answered >= killAt && !killing) {
            killing = c.a.kill().then(() => void (killed = true));
          }
        }
      }),
    );
    await killing;
    const seconds = (Date.now() - startedAt) / 1000;
    expect(c.a.process.alive()).toBe(false);

    const { rows } = await c.db.pool.query<{ email: string }>('select email from leads where form_id = $1', [form.id]);
    const stored = new Set(rows.map((r) => r.email));
    const lost = acknowledged.filter((a) => !stored.has(a.email));
    const byStatus = failed.reduce<Record<string, number>>((acc, f) => ({ ...acc, [f.status]: (acc[f.status] ?? 0) + 1 }), {});
    console.log(
      `[deploy] kill -9 of A after ${killAt} of ${total} sign-ups (16 at a time, ${seconds.toFixed(1)} s): ` +
        `${acknowledged.length} acknowledged (${count(acknowledged, (a) => a.upstream === c.upstreamOf(c.a))} by A, ` +
        `${count(acknowledged, (a) => a.upstream === c.upstreamOf(c.b))} by B, ${count(acknowledged, (a) => a.afterKill)} after the kill, ` +
        `${count(acknowledged, (a) => a.retried)} sent to B by nginx after A refused the connection), ` +
        `${failed.length} not acknowledged ${JSON.stringify(byStatus)}, ${rows.length} leads stored, ${lost.length} acknowledged and lost`,
    );
    expect(lost).toEqual([]);
    expect(count(acknowledged, (a) => a.upstream === c.upstreamOf(c.a))).toBeGreaterThan(0);
    // B took over: the sign-ups after the kill went on being acknowledged.
    expect(count(acknowledged, (a) => a.afterKill)).toBeGreaterThan(total / 4);
    expect(acknowledged.filter((a) => a.afterKill && a.upstream !== c.upstreamOf(c.b))).toEqual([]);
  });
});
