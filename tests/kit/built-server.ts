import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds the server as it ships into `root` (dist/server, the test fixture's dist/web, links to
 * node_modules and migrations), for tests that run it as its own process. Returns its entry file.
 */
export function buildServerCopy(root: string): string {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  symlinkSync(path.join(REPO, 'migrations'), path.join(root, 'migrations'));
  cpSync(path.join(REPO, 'tests/fixtures/web'), path.join(root, 'dist/web'), { recursive: true });
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', path.join(root, 'dist/server')], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building the server failed:\n${built.stderr}`);
  return path.join(root, 'dist/server/main.js');
}
