import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APP_HOST } from './setup/app.js';

export interface SignedUpUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** The Cookie header that carries the session. */
  cookie: string;
}

export const uniqueEmail = (prefix = 'owner') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export function authPost(app: FastifyInstance, path: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    headers: { host: APP_HOST, origin: `http://${APP_HOST}`, ...headers },
    payload,
  });
}

/** Signs a new owner up through the real API. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<Pick<SignedUpUser, 'name' | 'email' | 'password'>> = {},
): Promise<SignedUpUser> {
  const input = { name: 'Ada Owner', email: uniqueEmail(), password: 'correct-horse-42', ...overrides };
  const res = await authPost(app, '/sign-up/email', input);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { user } = res.json<{ user: { id: string } }>();
  return { ...input, id: user.id, cookie: cookieFrom(res.headers['set-cookie']) };
}
