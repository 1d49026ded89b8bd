import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time used by a process and everything it started (the server, its threads, its embedded
 * PostgreSQL), from /proc: what a request costs in CPU whatever else the machine is doing, which a
 * rate measured on a shared 2-core machine cannot say alone. Linux only; elsewhere it reads 0.
 */

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  ppid: number;
  /** utime + stime of the process (all its threads), in ticks. */
  ticks: number;
}

function readStat(pid: string): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces and parentheses: state is field 3.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Milliseconds of CPU used so far by `root` and every process below it that is still running. */
export function treeCpuMs(root: number): number {
  let procs: string[];
  try {
    procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  const stats = new Map<number, Stat>();
  for (const pid of procs) {
    const stat = readStat(pid);
    if (stat) stats.set(Number(pid), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
