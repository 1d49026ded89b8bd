import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { TestApp } from '@tests/setup/app';

/**
 * Starts one of tests/setup's job-queue scripts (`script`, e.g. 'email-worker.ts') in a process of its
 * own, on the test app's database, for tests that kill it mid-job: resolves once it says it is ready.
 * Its connections carry `name` as their application_name; `env` adds what the script reads.
 */
export async function startWorkerProcess(
  t: TestApp,
  script: string,
  name: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  // Embedded: host (the socket directory), port, user; external (TEST_DATABASE_URL): a connection string.
  const { host, port, user, password, database, connectionString } = t.pool.options;
  const worker = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`../setup/${script}`, import.meta.url))], {
    env: {
      PATH: process.env.PATH,
      WORKER_DATABASE: JSON.stringify({ host, port, user, password, database, connectionString }),
      WORKER_NAME: name,
      SECRET: t.config.secret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(worker.stdout!, 'data')) as [Buffer];
  expect(line.toString()).toBe('ready\n');
  return worker;
}
