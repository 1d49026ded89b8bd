import { executionAsyncResource } from 'node:async_hooks';
import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '@tests/kit/owner';
import { APP_HOST, createTestApp, type TestApp } from '@tests/setup/app';

// better-auth's AsyncLocalStorage instances switch Node 20's async hooks on only while one of its
// calls runs (async-context.ts): the published pages served in between do not pay for them.

/** Whether the async hooks of an AsyncLocalStorage ran for a new async resource (they give it a store slot). */
const hooksRan = () =>
  new Promise<boolean>((resolve) =>
    setImmediate(() =>
      resolve(Object.getOwnPropertySymbols(executionAsyncResource()).some((s) => s.description === 'kResourceStore')),
    ),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("better-auth's async context", () => {
  it('is on while a call runs and off once it has answered, and better-auth works throughout', async () => {
    const owner = await createUser(t.app);
    expect(await hooksRan()).toBe(false);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { host: APP_HOST, cookie: owner.cookie },
    });
    expect(session.json<{ user: { email: string } }>().user.email).toBe(owner.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { host: APP_HOST, cookie: owner.cookie } });
    expect(me.statusCode).toBe(200);
    expect(await hooksRan()).toBe(false);
  });

  it('stays on for a call still running when another ends, with each keeping its own store', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const first = new WeakMap<object, unknown>();
    const second = new WeakMap<object, unknown>();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const longer = storage.run(first, async () => {
      await held;
      return { store: storage.getStore(), hooks: await hooksRan() };
    });
    const shorter = await storage.run(second, async () => {
      await hooksRan();
      return storage.getStore();
    });
    expect(shorter).toBe(second);
    release();
    expect(await longer).toEqual({ store: first, hooks: true });
    expect(await hooksRan()).toBe(false);
    expect(storage.getStore()).toBeUndefined();
  });

  it('ends a call that throws, and switches off after it', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    expect(() =>
      storage.run(new WeakMap(), () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    await expect(storage.run(new WeakMap(), () => Promise.reject(new Error('refused later')))).rejects.toThrow('refused later');
    expect(await hooksRan()).toBe(false);
  });
});
