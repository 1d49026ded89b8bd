import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The processes a deploy test starts (Lodestone servers, nginx, Caddy), each in a process group of
 * its own with its output in a log file. Every one is recorded under the run's directory, so the
 * global teardown can kill what a crashed test file left behind; a test file's own exit kills its
 * processes too.
 */
export interface Started {
  name: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  /** Resolves when the process has exited: its exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
  alive(): boolean;
  /** The end of its log, for a failure's message. */
  logTail(lines?: number): string;
  /** Sends `signal` to its whole process group (nginx's and Caddy's workers included). */
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM (or `signal`), then SIGKILL if it has not exited after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number, signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<Started>();
process.once('exit', () => {
  for (const p of running) killGroup(p.pid, 'SIGKILL');
});

/** Each process leads a group of its own (spawned detached), so -pid reaches it and its children. */
function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

/** Where the global teardown looks for processes left running (see global-setup.ts). */
export const pidDir = (runDir: string) => path.join(runDir, 'pids');

export function startProcess(options: {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  logFile: string;
  /** The run's directory (global-setup.ts), where the pid is recorded. */
  runDir?: string;
}): Started {
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const fd = openSync(options.logFile, 'a');
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  if (child.pid === undefined) throw new Error(`${options.name}: ${options.command} did not start`);
  const pid = child.pid;
  const pidFile = options.runDir ? path.join(pidDir(options.runDir), String(pid)) : undefined;
  if (pidFile) {
    mkdirSync(path.dirname(pidFile), { recursive: true });
    writeFileSync(pidFile, `${options.name}\n`);
  }
  let exitedNow = false;
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => {
      exitedNow = true;
      running.delete(started);
      if (pidFile) rmSync(pidFile, { force: true });
      // The group's other members (nginx's workers) go with it.
      killGroup(pid, 'SIGKILL');
      resolve(signal ?? code ?? 0);
    });
    child.once('error', () => resolve('SIGKILL'));
  });
  const started: Started = {
    name: options.name,
    child,
    pid,
    logFile: options.logFile,
    exited,
    alive: () => !exitedNow,
    logTail(lines = 40) {
      if (!existsSync(options.logFile)) return '(no log)';
      return readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    },
    signal: (signal) => killGroup(pid, signal),
    async stop(graceMs = 10_000, signal = 'SIGTERM') {
      if (exitedNow) return;
      killGroup(pid, signal);
      const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(started);
  return started;
}

/**
 * Polls `check` every `everyMs` until it returns true; fails with `what` (and `detail()`) after
 * `timeoutMs`, or at once when `giveUpIf()` names a reason (a process it waits for has exited).
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  {
    timeoutMs = 30_000,
    everyMs = 50,
    detail,
    giveUpIf,
  }: { timeoutMs?: number; everyMs?: number; detail?: () => string; giveUpIf?: () => string | undefined } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    const reason = giveUpIf?.();
    if (reason) throw new Error(`Gave up waiting for ${what}: ${reason}${detail ? `\n${detail()}` : ''}`);
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${detail ? `\n${detail()}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
