import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lodestone-main-'));
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

it('refuses to start in production without SMTP_URL and SECRET, saying why', { timeout: 70_000 }, () => {
  const run = start({ NODE_ENV: 'production' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Lodestone cannot start.');
  expect(run.stderr).toContain('SMTP_URL: required when NODE_ENV=production');
  expect(run.stderr).toContain('SECRET: required when NODE_ENV=production');
});

it('refuses a bad value before touching the database', { timeout: 70_000 }, () => {
  const run = start({ PORT: 'abc' });
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(/PORT: .*"abc"/);
});
