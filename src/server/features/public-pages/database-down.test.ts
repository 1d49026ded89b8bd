import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '../../../../tests/kit/owner.js';
import { addressPool, BROWSER_UA, patientVisitorFields } from '../../../../tests/kit/visitor.js';
import { createTestApp, PUBLIC_HOST, type TestApp } from '../../../../tests/setup/app.js';
import { withDatabase } from '../../../../tests/setup/connection.js';

/*
 * House rule 10: while the database does not answer, a visitor's browser is told the truth in HTML
 * by the public face, never shown the API's JSON error.
 */

let t: TestApp;
let owner: SignedUpUser;
let database: string;
const nextAddress = addressPool('10.34');
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** Lets no connection into the app's database (as when its PostgreSQL is stopped), or lets them in again. */
async function databaseUp(up: boolean) {
  const admin = new pg.Client(withDatabase(t.pool.options, 'postgres'));
  await admin.connect();
  try {
    await admin.query(`alter database ${database} allow_connections ${up}`);
    if (!up) {
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
        database,
      ]);
    }
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  database = String(t.pool.options.database ?? new URL(String(t.pool.options.connectionString)).pathname.slice(1));
});
afterAll(async () => {
  await databaseUp(true);
  await t.close();
});

it('shows a visitor an HTML page that says what happened when the database is down', async () => {
  const visited = await createForm(t.app, owner, { publish: true, title: 'Visited before' });
  const unvisited = await createForm(t.app, owner, { publish: true, title: 'Not visited yet' });
  const headers = { host: PUBLIC_HOST, 'user-agent': BROWSER_UA, accept: HTML };
  expect((await t.app.inject({ method: 'GET', url: `/f/${visited.id}`, headers })).statusCode).toBe(200);

  await databaseUp(false);
  const answers = [
    await t.app.inject({ method: 'GET', url: `/f/${unvisited.id}`, headers }),
    await t.app.inject({
      method: 'POST',
      url: `/f/${visited.id}`,
      remoteAddress: nextAddress(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...patientVisitorFields(t.config.secret), email: 'down@example.com' }).toString(),
    }),
  ];
  for (const res of answers) {
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body).toContain('This page is unavailable for a moment');
    expect(res.body).toContain('Please try again in a minute or two.');
    expect(res.body).not.toContain('INTERNAL_ERROR');
  }
  await databaseUp(true);
});
