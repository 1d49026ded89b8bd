import Fastify from 'fastify';
import pg from 'pg';
import { expect, it } from 'vitest';
import { healthRoutes } from './routes.js';

it('answers 503 when the database does not answer', async () => {
  // Nothing listens on port 1: every connection attempt is refused, as with a database that is down.
  const deadPool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 500 });
  const app = Fastify();
  healthRoutes(app, { pool: deadPool });
  const res = await app.inject({ method: 'GET', url: '/healthz' });
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
  expect(res.headers['cache-control']).toBe('no-store');
  await app.close();
  await deadPool.end();
});
