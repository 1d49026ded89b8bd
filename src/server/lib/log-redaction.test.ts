import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authPost, createUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import { users } from '@/server/db/schema/index';
import { redactUrl } from './log-redaction.js';

// At the default level (info) every request is logged, and a failed query is logged as an error:
// neither may carry a token that acts for someone, nor a visitor's email or fields.

const lines: string[] = [];
const stream = { write: (line: string) => void lines.push(line) };
let t: TestApp;
let known: { email: string };

const VISITOR_EMAIL = `visitor-${randomBytes(4).toString('hex')}@example.com`;
const VISITOR_FIELD = `Field value ${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      logger: { level: 'info', stream },
      // A query that fails with a unique violation on a visitor's email (the row's data in its detail and params).
      beforeReady: (app, db) =>
        app.get('/test/failing-query', async () => {
          const row = { name: VISITOR_FIELD, email: known.email, emailVerified: false };
          await db.insert(users).values({ id: randomUUID(), ...row });
          return 'unreachable';
        }),
    },
  );
  known = await createUser(t.app, { email: VISITOR_EMAIL });
});
afterAll(() => t.close());

const secret = (n: number) => `s3cret${n}${randomBytes(12).toString('base64url')}`;

describe('the request log', () => {
  it('keeps the route shape of every link that carries a token, never the token', async () => {
    const tokens = Array.from({ length: 9 }, (_, i) => secret(i));
    const [a, b, c, d, e, f, g, h, i] = tokens;
    const visits: Array<[string, string]> = [
      [APP_HOST, `/reset-password?token=${a}`],
      [APP_HOST, `/api/auth/reset-password/${b}?callbackURL=%2Freset-password`],
      [PUBLIC_HOST, `/confirm?t=${c}`],
      [PUBLIC_HOST, `/d/${d}`],
      [PUBLIC_HOST, `/d/${e}.1790000000.abc`],
      [PUBLIC_HOST, `/thank-you?t=${f}`],
      [PUBLIC_HOST, `/pay/cancel?p=${g}`],
      [PUBLIC_HOST, `/pay/paypal/return?p=${h}&token=${i}`],
    ];
    lines.length = 0;
    for (const [host, url] of visits) await t.app.inject({ method: 'GET', url, headers: { host } });
    const log = lines.join('');
    for (const token of tokens) expect(log).not.toContain(token);
    const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual([
      '/reset-password?token=[redacted]',
      '/api/auth/reset-password/[redacted]?callbackURL=[redacted]',
      '/confirm?t=[redacted]',
      '/d/[redacted]',
      '/d/[redacted]',
      '/thank-you?t=[redacted]',
      '/pay/cancel?p=[redacted]',
      '/pay/paypal/return?p=[redacted]&token=[redacted]',
    ]);
  });

  it('keeps ids that are not secrets and asset names as they are', () => {
    const id = randomUUID();
    expect(redactUrl(`/api/files/${id}`)).toBe(`/api/files/${id}`);
    expect(redactUrl('/f/Ab3dEf6hIj9k')).toBe('/f/Ab3dEf6hIj9k');
    expect(redactUrl('/assets/form-analytics-page-C6Iy_3F3.js')).toBe('/assets/form-analytics-page-C6Iy_3F3.js');
    expect(redactUrl('/api/forms?status=all&q=')).toBe('/api/forms?status=[redacted]&q=[redacted]');
  });
});

describe('the error log', () => {
  it("records a failed query's kind and constraint, never the email, the fields or the SQL parameters", async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/test/failing-query', headers: { host: APP_HOST } });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    const errors = lines
      .map((l) => JSON.parse(l) as { level: number; err?: Record<string, unknown> })
      .filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    const log = lines.join('');
    expect(log).not.toContain(VISITOR_EMAIL);
    expect(log).not.toContain(VISITOR_FIELD);
    expect(log).not.toMatch(/already exists|Key \(email\)/);
    // What is left still says what failed.
    const err = errors[0]!.err!;
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.cause).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
  });

  it("routes better-auth's own errors through the same redaction, not to the console", async () => {
    // A sign-up whose insert fails in the database: better-auth logs the failed query.
    await t.db.execute(sql`alter table users add constraint test_refused_name check (name <> 'Refused Name')`);
    const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
    const errorOutput = vi.spyOn(console, 'error').mockImplementation(() => {});
    lines.length = 0;
    try {
      const res = await authPost(
        t.app,
        '/sign-up/email',
        { name: 'Refused Name', email, password: 'correct-horse-42' },
        {},
        '10.7.7.7',
      );
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(errorOutput).not.toHaveBeenCalled();
    } finally {
      errorOutput.mockRestore();
    }
    const authErrors = lines.filter((l) => l.includes('better-auth: '));
    expect(authErrors.length).toBeGreaterThan(0);
    expect(authErrors.join('')).toContain('test_refused_name');
    expect(lines.join('')).not.toContain(email);
  });
});
