import { execFile } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { binaries, runAs } from '@/server/db/embedded';
import { freePort } from './server-process.js';

const exec = promisify(execFile);

/**
 * A PostgreSQL of a test's own, reached over TCP on 127.0.0.1 like an external database
 * (DATABASE_URL), which the test stops and starts as a restart or a failover would. Never the
 * machine's PostgreSQL. `dir`'s parent must be open to others when the tests run as root.
 */
export interface PrivatePostgres {
  /** The URL of `database` on it. */
  url(database: string): string;
  /** `fast` ends the sessions and shuts down cleanly (a restart); `immediate` is a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivatePostgres(dir: string): Promise<PrivatePostgres> {
  const bins = await binaries();
  const user = runAs();
  const options = { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) chownSync(dir, user.uid, user.gid);
  await exec(
    bins.initdb,
    ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'],
    options,
  );
  const port = await freePort();
  const serverOptions = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
  const started = async () => {
    await exec(
      bins.pg_ctl,
      ['start', '-D', dir, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', serverOptions],
      options,
    );
  };
  await started();
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query('create database lodestone');
  await admin.end();
  return {
    url,
    start: started,
    async stop(mode = 'fast') {
      await exec(bins.pg_ctl, ['stop', '-D', dir, '-m', mode, '-w', '-t', '60'], options);
    },
  };
}
