import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './lodestone.js';
import { startProcess, waitUntil, type Started } from './processes.js';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
/** The documented set-up; the test runs it with its own ports. */
export const EXAMPLE_NGINX_CONF = path.join(REPO_ROOT, 'examples/two-servers/nginx.conf');

export interface Nginx {
  port: number;
  process: Started;
  stop(): Promise<void>;
}

/** examples/two-servers/nginx.conf with the front's and the servers' ports put in. Fails if the example changed shape. */
export function nginxConf(port: number, upstreams: [number, number]): string {
  const swaps: Array<[string, string]> = [
    ['listen 8080;', `listen 127.0.0.1:${port};`],
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreams[0]} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreams[1]} `],
  ];
  let conf = readFileSync(EXAMPLE_NGINX_CONF, 'utf8');
  for (const [from, to] of swaps) {
    if (!conf.includes(from))
      throw new Error(`${EXAMPLE_NGINX_CONF} no longer holds "${from}": update tests/deploy/kit/nginx.ts`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** nginx in `dir` (its prefix: config, logs, temp files), in front of the servers at `upstreams`. */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreams: [number, number];
  runDir?: string;
}): Promise<Nginx> {
  const { dir } = options;
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must reach the temp directories it makes for them.
  chmodSync(dir, 0o755);
  const confFile = path.join(dir, 'nginx.conf');
  writeFileSync(confFile, nginxConf(options.port, options.upstreams));
  const proc = startProcess({
    name: 'nginx',
    command: NGINX,
    args: ['-p', dir, '-c', confFile, '-e', path.join(dir, 'logs/error.log'), '-g', 'daemon off;'],
    env: { PATH: process.env.PATH },
    logFile: path.join(dir, 'logs/stderr.log'),
    runDir: options.runDir,
  });
  const errorLogFile = path.join(dir, 'logs/error.log');
  const errorLog = () => `${proc.logTail()}\n${existsSync(errorLogFile) ? readFileSync(errorLogFile, 'utf8').slice(-2000) : ''}`;
  await waitUntil(`nginx to listen on ${options.port}`, () => canConnect(options.port), {
    timeoutMs: 10_000,
    giveUpIf: () => (proc.alive() ? undefined : 'nginx exited'),
    detail: errorLog,
  });
  return { port: options.port, process: proc, stop: () => proc.stop(5000, 'SIGTERM') };
}

export function canConnect(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
