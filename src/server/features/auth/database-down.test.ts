import { afterAll, beforeAll, expect, it } from 'vitest';
import { databaseOutage } from '@tests/kit/database-outage';
import { createUser, type SignedUpUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';
import { ErrorCode, SERVICE_UNAVAILABLE_MESSAGE } from '@/domain/api-errors';

/*
 * While the database is away the owner's app is told so (503 SERVICE_UNAVAILABLE with Retry-After,
 * docs/decisions/0067): not that something broke (500), and never that the owner is signed out.
 */

let t: TestApp;
let owner: SignedUpUser;
let databaseUp: (up: boolean) => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  databaseUp = databaseOutage(t);
});
afterAll(async () => {
  await databaseUp(true);
  await t.close();
});

it("answers the owner's API and session check with 503 SERVICE_UNAVAILABLE and Retry-After while the database is away", async () => {
  const headers = { host: APP_HOST, cookie: owner.cookie, accept: 'application/json' };
  expect((await t.app.inject({ method: 'GET', url: '/api/forms', headers })).statusCode).toBe(200);

  await databaseUp(false);
  const answers = await Promise.all(
    ['/api/forms', '/api/me', '/api/auth/get-session'].map((url) => t.app.inject({ method: 'GET', url, headers })),
  );
  for (const res of answers) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ code: ErrorCode.SERVICE_UNAVAILABLE, message: SERVICE_UNAVAILABLE_MESSAGE });
  }

  await databaseUp(true);
  expect((await t.app.inject({ method: 'GET', url: '/api/forms', headers })).statusCode).toBe(200);
});
