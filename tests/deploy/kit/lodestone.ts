import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call } from './http.js';
import { startProcess, waitUntil, type Started } from './processes.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The production server as `npm run build` makes it. */
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist/server/main.js');

export interface LodestoneServer {
  name: string;
  /** Its own port: a request here reaches this server and no other. */
  port: number;
  dataDir: string;
  process: Started;
  /** Resolves once GET /healthz answers 200; fails early if the process exits. */
  healthy(timeoutMs?: number): Promise<void>;
  /** SIGKILL: no goodbye, nothing flushed (`kill -9`). */
  kill(): Promise<void>;
  /** SIGTERM, as a deployment's rolling restart would. */
  stop(): Promise<void>;
}

/**
 * Starts `node dist/server/main.js` as a deployment would, with the settings in `env` (shared by
 * every server of a test: DATABASE_URL, SECRET, APP_URL, PUBLIC_URL, ...) and its own PORT and DATA_DIR.
 */
export function startLodestone(options: {
  name: string;
  port: number;
  dir: string;
  env: Record<string, string>;
  runDir?: string;
}): LodestoneServer {
  const dataDir = path.join(options.dir, `data-${options.name}`);
  mkdirSync(dataDir, { recursive: true });
  const proc = startProcess({
    name: `lodestone-${options.name}`,
    command: process.execPath,
    args: ['--enable-source-maps', SERVER_ENTRY],
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    logFile: path.join(options.dir, `lodestone-${options.name}.log`),
    runDir: options.runDir,
  });
  return {
    name: options.name,
    port: options.port,
    dataDir,
    process: proc,
    async healthy(timeoutMs = 60_000) {
      await waitUntil(
        `server ${options.name} to answer GET /healthz`,
        async () =>
          (await call(options.port, { path: '/healthz', host: `127.0.0.1:${options.port}`, timeoutMs: 2000 })).status === 200,
        { timeoutMs, giveUpIf: () => (proc.alive() ? undefined : 'it exited'), detail: () => proc.logTail() },
      );
    },
    async kill() {
      proc.signal('SIGKILL');
      await proc.exited;
    },
    stop: () => proc.stop(15_000),
  };
}
