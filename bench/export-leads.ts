import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultFormConfig, DEFAULT_EMAIL_FIELD, type FormConfig } from '@/domain/form-config';
import type { ExportFormat } from '@/domain/plans';
import { createDb } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { migrateDatabase } from '@/server/db/migrate';
import { exportLeads } from '@/server/features/lead-export/export-leads';
import { localStorage } from '@/server/lib/storage';
import { createTokens } from '@/server/lib/tokens';
import { textField } from '@tests/kit/fields';

/*
 * npm run bench:export: how the lead export behaves with many leads. It fills one workspace (two
 * pages with different fields, every lead with a consent record, every tenth answer a formula) with
 * EXPORT_BENCH_ROWS leads (default 1,000,000) through INSERT … SELECT generate_series, then runs the
 * export job's function in this process for CSV and JSON Lines, sampling the process's RSS every
 * 50 ms. The claim under test: memory stays flat (the rows stream from a server-side cursor), so
 * peak RSS minus RSS before does not grow with the row count; run it with 100000 to compare.
 *
 * Database: DATABASE_URL when set (the bench creates and drops a database of its own in it),
 * otherwise an embedded PostgreSQL in a temporary directory.
 */

const ROWS = Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000);
const MB = 1024 * 1024;

const field = textField;
const page = (title: string, fields: FormConfig['fields']): FormConfig => ({
  ...defaultFormConfig(),
  title,
  businessName: 'Bench Co',
  leadMagnetName: 'Bench PDF',
  fields: [{ ...DEFAULT_EMAIL_FIELD }, ...fields],
});

async function openDatabase(dir: string) {
  const external = process.env.DATABASE_URL;
  if (external) {
    const name = `lodestone_export_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(external);
    url.pathname = `/${name}`;
    return {
      connection: { connectionString: url.toString() } as pg.PoolConfig,
      async stop() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  chmodSync(dir, 0o755); // the embedded server may run as the postgres user
  return startEmbeddedPostgres(path.join(dir, 'postgres'), () => {});
}

async function fill(pool: pg.Pool): Promise<{ workspaceId: string; userId: string }> {
  const workspaceId = 'bench-workspace';
  const userId = 'bench-user';
  await pool.query(`insert into organizations (id, name, slug, plan) values ($1, 'Bench', 'bench', 'business')`, [workspaceId]);
  await pool.query(`insert into users (id, name, email) values ($1, 'Bench Owner', 'bench-owner@example.com')`, [userId]);
  const guide = page('The Guide', [field('f_name', 'Full name'), field('f_company', 'Company')]);
  const checklist = page('The Checklist', [field('c_phone', 'Phone'), field('c_name', 'Full name')]);
  await pool.query(
    `insert into forms (id, workspace_id, name, status, draft, published, published_version)
     values ('benchGuide01', $1, 'The Guide', 'active', $2, $2, 1), ('benchCheck01', $1, 'The Checklist', 'active', $3, $3, 1)`,
    [workspaceId, JSON.stringify(guide), JSON.stringify(checklist)],
  );
  await pool.query(
    `insert into leads (form_id, workspace_id, email, data, status, verified_at, created_at, utm_source, utm_medium, utm_campaign, referrer, downloads)
     select case when i % 2 = 0 then 'benchGuide01' else 'benchCheck01' end, $1,
       'lead-' || i || '@example.com',
       case when i % 2 = 0
         then jsonb_build_object('f_name', 'Person ' || i || ', "quoted"', 'f_company', case when i % 10 = 0 then '=SUM(A1:A9)' else 'Company ' || i end)
         else jsonb_build_object('c_phone', '+44 20 ' || i, 'c_name', 'Person ' || i) end,
       case when i % 3 = 0 then 'pending' else 'verified' end,
       case when i % 3 = 0 then null else now() - make_interval(secs => i) end,
       now() - make_interval(secs => i),
       'newsletter', 'email', 'launch', 'https://news.example/', i % 4
     from generate_series(1, $2::int) i`,
    [workspaceId, ROWS],
  );
  await pool.query(
    `insert into lead_consents (lead_id, event, text, version, agreed, form_version, given_at, ip_hash, user_agent_hash)
     select id, 'signup', 'I agree to receive emails from Bench Co.', 1, true, 1, created_at, 'ip', 'ua' from leads`,
  );
  await pool.query('analyze');
  return { workspaceId, userId };
}

async function run(
  pool: pg.Pool,
  deps: Parameters<typeof exportLeads>[0],
  owner: { workspaceId: string; userId: string },
  format: ExportFormat,
) {
  const { rows } = await pool.query<{ id: string }>(
    `insert into lead_exports (workspace_id, requested_by, format, filter) values ($1, $2, $3, '{}') returning id`,
    [owner.workspaceId, owner.userId, format],
  );
  const id = rows[0]!.id;
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = process.hrtime.bigint();
  await exportLeads(deps, id, (msg) => console.error(msg));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const result = await pool.query<{ status: string; rows_done: number; size: string; storage_key: string }>(
    'select status, rows_done, size, storage_key from lead_exports where id = $1',
    [id],
  );
  const row = result.rows[0]!;
  if (row.status !== 'ready') throw new Error(`the ${format} export ended ${row.status}`);
  return { format, rows: row.rows_done, seconds, size: Number(row.size), before, peak, key: row.storage_key };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lodestone-export-bench-'));
  const database = await openDatabase(dir);
  const pool = new pg.Pool({ ...database.connection, max: 4 });
  try {
    await migrateDatabase(pool);
    const filling = Date.now();
    const owner = await fill(pool);
    console.log(`filled ${ROWS.toLocaleString('en-US')} leads with consents in ${((Date.now() - filling) / 1000).toFixed(1)} s`);
    const files = path.join(dir, 'files');
    const deps = {
      db: createDb(pool),
      storage: localStorage(files),
      tokens: createTokens('bench-secret-bench-secret-bench-secret-0'),
      appOrigin: 'http://localhost:3000',
      // The bench measures the export; the owner's email would only queue a job.
      emailMinRows: Number.MAX_SAFE_INTEGER,
    };
    console.log('format  rows        seconds  rows/s    file MB  RSS before MB  peak RSS MB  peak-before MB');
    for (const format of ['csv', 'jsonl'] as const) {
      const r = await run(pool, deps, owner, format);
      if (statSync(path.join(files, r.key)).size !== r.size) throw new Error('the recorded size differs from the file');
      console.log(
        [
          r.format.padEnd(6),
          r.rows.toLocaleString('en-US').padStart(10),
          r.seconds.toFixed(1).padStart(8),
          Math.round(r.rows / r.seconds)
            .toLocaleString('en-US')
            .padStart(8),
          (r.size / MB).toFixed(1).padStart(9),
          (r.before / MB).toFixed(1).padStart(14),
          (r.peak / MB).toFixed(1).padStart(12),
          ((r.peak - r.before) / MB).toFixed(1).padStart(15),
        ].join('  '),
      );
    }
  } finally {
    await pool.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
