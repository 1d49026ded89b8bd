import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TLS_ASK_PATH } from '@/domain/custom-domains';
import { canConnect } from './nginx.js';
import { startProcess, waitUntil, type Started } from './processes.js';

export const CADDY = process.env.CADDY_BIN ?? '/usr/bin/caddy';

export interface Caddy {
  httpsPort: number;
  process: Started;
  /** Caddy's own certificate authority (`local_certs`): trust this, and its certificates verify. */
  rootCa(): string;
  stop(): Promise<void>;
}

/**
 * Caddy with on-demand TLS from its internal CA in front of one Lodestone server: every name it is
 * asked for over HTTPS gets a certificate if, and only if, Lodestone's ask endpoint says 200.
 * No admin endpoint; its storage and config under `dir` (XDG_DATA_HOME, XDG_CONFIG_HOME).
 */
export function caddyfile(options: { httpPort: number; httpsPort: number; upstreamPort: number }): string {
  const upstream = `127.0.0.1:${options.upstreamPort}`;
  return `{
	admin off
	http_port ${options.httpPort}
	https_port ${options.httpsPort}
	local_certs
	skip_install_trust
	on_demand_tls {
		ask http://${upstream}${TLS_ASK_PATH}
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy ${upstream}
}
`;
}

export async function startCaddy(options: {
  dir: string;
  httpPort: number;
  httpsPort: number;
  upstreamPort: number;
  runDir?: string;
}): Promise<Caddy> {
  const { dir } = options;
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, 'Caddyfile');
  writeFileSync(config, caddyfile(options));
  const proc = startProcess({
    name: 'caddy',
    command: CADDY,
    args: ['run', '--config', config, '--adapter', 'caddyfile'],
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, 'data'),
      XDG_CONFIG_HOME: path.join(dir, 'config'),
    },
    logFile: path.join(dir, 'caddy.log'),
    runDir: options.runDir,
  });
  const rootCrt = path.join(dir, 'data/caddy/pki/authorities/local/root.crt');
  await waitUntil(
    `Caddy to listen on ${options.httpsPort} with its CA made`,
    async () => existsSync(rootCrt) && (await canConnect(options.httpsPort)),
    {
      timeoutMs: 20_000,
      giveUpIf: () => (proc.alive() ? undefined : 'caddy exited'),
      detail: () => proc.logTail(),
    },
  );
  return {
    httpsPort: options.httpsPort,
    process: proc,
    rootCa: () => readFileSync(rootCrt, 'utf8'),
    stop: () => proc.stop(5000),
  };
}
