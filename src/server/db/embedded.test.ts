import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';

const root = mkdtempSync(path.join(tmpdir(), 'lodestone-embedded-'));
chmodSync(root, 0o755);
const dataDir = path.join(root, 'postgres');
const quiet = () => {};
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(server: EmbeddedPostgres, text: string) {
  const client = new pg.Client(server.connection);
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps its data across a stop and a start', async () => {
    const first = await startEmbeddedPostgres(dataDir, quiet);
    await query(first, "create table notes (body text); insert into notes values ('kept')");
    await first.stop();
    const second = await startEmbeddedPostgres(dataDir, quiet);
    expect(await query(second, 'select body from notes')).toEqual([{ body: 'kept' }]);
    // Visited every 10 s by autovacuum (the job runner vacuums the job queue's table itself, decision 0097).
    expect(await query(second, 'show autovacuum_naptime')).toEqual([{ autovacuum_naptime: '10s' }]);
    await second.stop();
  });

  it('starts despite a lock file left by a process that died', async () => {
    writeFileSync(path.join(dataDir, 'postmaster.pid'), `999999\n${dataDir}\n`);
    const server = await startEmbeddedPostgres(dataDir, quiet);
    expect(await query(server, 'select count(*)::int as n from notes')).toEqual([{ n: 1 }]);
    await server.stop();
  });

  it('takes over from a postgres orphaned by a killed run', async () => {
    const orphan = await startEmbeddedPostgres(dataDir, quiet); // never stopped, as after kill -9
    const orphanPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const server = await startEmbeddedPostgres(dataDir, quiet);
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(pid).not.toBe(orphanPid);
    expect(await query(server, 'select count(*)::int as n from notes')).toEqual([{ n: 1 }]);
    await server.stop();
    void orphan;
  });
});
