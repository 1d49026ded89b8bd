import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/*
 * CPU time from /proc: what a request or a sign-up costs in CPU whatever else the machine is doing,
 * which a rate measured on a shared 2-core machine cannot say alone. Linux only; elsewhere it reads 0.
 *
 * The embedded PostgreSQL is not below the server in the process tree (pg_ctl starts it detached),
 * so a server's CPU is its own process tree plus its cluster's (`serverCpuMs`).
 */

const TICK_MS =
  1000 /
  (() => {
    try {
      return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      return 100;
    }
  })();

/** utime + stime of `pid` (all its threads), what it reaped of its children (cutime + cstime), in ms, and its parent; null once it is gone. */
export function procStat(pid: number): { self: number; children: number; ppid: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { self: (n(14) + n(15)) * TICK_MS, children: (n(16) + n(17)) * TICK_MS, ppid: n(4) };
  } catch {
    return null;
  }
}

/** Every running process: its parent and its own CPU. */
function processes(): Map<number, { ppid: number; self: number }> {
  const all = new Map<number, { ppid: number; self: number }>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return all;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) all.set(Number(entry), stat);
  }
  return all;
}

/** `root` and every running process below it. */
function tree(root: number, all = processes()): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of all) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const pids: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    pids.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Milliseconds of CPU used so far by `root` and every process below it that is still running. */
export function treeCpuMs(root: number): number {
  const all = processes();
  return tree(root, all).reduce((ms, pid) => ms + (all.get(pid)?.self ?? 0), 0);
}

/**
 * Where a load test runs: the load generator on the last CPU, the server under test on the others
 * (`taskset`), so the server measured and its reference are never scheduled beside the client on one
 * core, an accident of scheduling that moved the ratio by 15 points from one run to the next. Null
 * (nothing pinned) with one CPU, without taskset, or with BENCH_PIN=0.
 */
export function benchCpus(): { client: string; servers: string; all: string } | null {
  const count = availableParallelism();
  if (process.env.BENCH_PIN === '0' || count < 2) return null;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { client: String(count - 1), servers: count === 2 ? '0' : `0-${count - 2}`, all: `0-${count - 1}` };
}

/**
 * Pins `root`, every process below it and all their threads to `cpus` (a taskset list); processes
 * they start later inherit it. For a server with the embedded PostgreSQL, pin its postmaster too.
 */
export function pinTree(root: number, cpus: string): void {
  for (const pid of tree(root)) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    } catch {
      // Gone between the listing and the call: nothing to pin.
    }
  }
}

/** The postmaster of the embedded cluster in a server's DATA_DIR, or null. */
export function postmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

/**
 * The embedded cluster's CPU so far: the postmaster's own and what it reaped (backends that ended),
 * plus every live child's (backends, checkpointer, autovacuum, WAL writer...). A backend that ends
 * between two readings moves from one term to the other, so nothing is counted twice or lost.
 */
export function postgresCpuMs(dataDir: string): number {
  const pm = postmasterPid(dataDir);
  const root = pm ? procStat(pm) : null;
  if (!pm || !root) return 0;
  let ms = root.self + root.children;
  for (const [, stat] of processes()) if (stat.ppid === pm) ms += stat.self;
  return ms;
}

/** A server's CPU so far: its process tree (every thread) and its embedded PostgreSQL. */
export const serverCpuMs = (server: { pid: number; dataDir: string }) => treeCpuMs(server.pid) + postgresCpuMs(server.dataDir);

/**
 * Milliseconds of CPU used so far by each thread of `pid`, by thread name (threads of one name
 * summed; the main thread as "main"): where a request's CPU goes inside the server.
 */
export function cpuByThread(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      byName.set(name, (byName.get(name) ?? 0) + ms);
    } catch {
      // the thread ended meanwhile
    }
  }
  return byName;
}

/** What each entry of `cpuByThread` grew by between two readings, largest first. */
export function cpuGrowth(before: Map<string, number>, after: Map<string, number>): [string, number][] {
  return [...after]
    .map(([name, ms]): [string, number] => [name, ms - (before.get(name) ?? 0)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
}
