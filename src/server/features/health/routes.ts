import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

const TIMEOUT_MS = 2000;

/** 200 when the database answers within two seconds, 503 otherwise. Served on every host. */
export function healthRoutes(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        pool.query('select 1'),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS))),
      ]);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    } finally {
      clearTimeout(timer);
    }
  });
}
