import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@tests/setup/smtp-sink';
import { startS3, type S3StandIn } from '@tests/stand-ins/s3';
import { createFreshDatabase, type FreshDatabase } from './database.js';
import { startLodestone, type LodestoneServer } from './lodestone.js';
import { startNginx, type Nginx } from './nginx.js';
import type { AppTarget } from './owner.js';
import { freePorts } from './ports.js';
import type { PublicTarget } from './visitor.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's directory (global-setup.ts): processes left running are recorded there. */
    deployRunDir: string;
  }
}

/**
 * Two Lodestone servers, A and B, behind nginx (examples/two-servers/nginx.conf), sharing one fresh
 * PostgreSQL database, one object store (the S3 stand-in), one SMTP server and one SECRET, each
 * with its own port and DATA_DIR.
 */
export interface Cluster {
  dir: string;
  db: FreshDatabase;
  smtp: SmtpSink;
  s3: S3StandIn;
  secret: string;
  nginx: Nginx;
  a: LodestoneServer;
  b: LodestoneServer;
  /** APP_URL's and PUBLIC_URL's hosts: nginx's port under two names. */
  appHost: string;
  publicHost: string;
  /** Through nginx. */
  app: AppTarget;
  pages: PublicTarget;
  /** Straight to one server, bypassing nginx. */
  appAt(server: LodestoneServer): AppTarget;
  pagesAt(server: LodestoneServer): PublicTarget;
  /** The X-Upstream value nginx gives for a request that `server` answered. */
  upstreamOf(server: LodestoneServer): string;
  /** How long A and B took from their start to both answering /healthz. */
  startupMs: number;
  close(): Promise<void>;
}

/** Removes a test's directory (logs, data), unless DEPLOY_KEEP=1 asks to keep it for a look. */
export function removeUnlessKept(dir: string) {
  if (process.env.DEPLOY_KEEP === '1') console.log(`[deploy] kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

export async function startCluster(options: { extraEnv?: Record<string, string> } = {}): Promise<Cluster> {
  const runDir = inject('deployRunDir');
  // Inside the run's directory: the global teardown removes it even if this file's process dies.
  const dir = mkdtempSync(path.join(runDir, 'two-servers-'));
  chmodSync(dir, 0o755); // nginx's workers, as nobody under root, reach their temp files below it
  const cleanups: Array<() => Promise<void>> = [async () => removeUnlessKept(dir)];
  const close = async () => {
    const errors: unknown[] = [];
    for (const c of cleanups.reverse()) await c().catch((err: unknown) => errors.push(err));
    cleanups.length = 0;
    if (errors.length > 0) throw errors[0];
  };
  try {
    const db = await createFreshDatabase();
    cleanups.push(() => db.drop());
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const s3 = await startS3({ dir: path.join(dir, 's3') });
    cleanups.push(() => s3.close());
    const [frontPort, portA, portB] = (await freePorts(3)) as [number, number, number];
    const appHost = `localhost:${frontPort}`;
    const publicHost = `127.0.0.1:${frontPort}`;
    const secret = randomBytes(32).toString('base64url');
    const env = {
      DATABASE_URL: db.url,
      SECRET: secret,
      SMTP_URL: smtp.url,
      ...s3.env(),
      TRUST_PROXY: 'true',
      APP_URL: `http://${appHost}`,
      PUBLIC_URL: `http://${publicHost}`,
      ...options.extraEnv,
    };

    // Both at the same moment, on an empty database: each migrates it as it starts.
    const startedAt = Date.now();
    const a = startLodestone({ name: 'a', port: portA, dir, env, runDir });
    const b = startLodestone({ name: 'b', port: portB, dir, env, runDir });
    cleanups.push(async () => void (await Promise.all([a.stop(), b.stop()])));
    const nginx = await startNginx({ dir: path.join(dir, 'nginx'), port: frontPort, upstreams: [portA, portB], runDir });
    cleanups.push(() => nginx.stop());
    await Promise.all([a.healthy(), b.healthy()]);
    const startupMs = Date.now() - startedAt;

    return {
      dir,
      db,
      smtp,
      s3,
      secret,
      nginx,
      a,
      b,
      appHost,
      publicHost,
      app: { port: frontPort, appHost },
      pages: { port: frontPort, publicHost },
      appAt: (server) => ({ port: server.port, appHost }),
      pagesAt: (server) => ({ port: server.port, publicHost }),
      upstreamOf: (server) => `127.0.0.1:${server.port}`,
      startupMs,
      close,
    };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}
