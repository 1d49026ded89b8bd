/**
 * Whether `error` (or what it wraps: Drizzle and better-auth keep the driver's error as `cause`)
 * says the database cannot be reached right now, as opposed to a query or a bug of ours: its
 * PostgreSQL stopped, restarting or refusing connections, the connection cut, or no connection
 * free in time. Such a failure passes by itself (docs/decisions/0067), so it is answered as 503 with
 * Retry-After, never as our fault (500).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (unavailable(e as DriverError)) return true;
  }
  return false;
}

/** How many seconds a client is asked to wait before trying again (the server restarts its database within seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface DriverError {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
}

// Node's socket errors on the way to PostgreSQL (TCP, or the Unix socket of the embedded one).
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

// What pg and pg-pool say when a connection ends, cannot be made in time, or is already broken.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function unavailable({ code, severity, message }: DriverError): boolean {
  if (typeof code === 'string') {
    // 08xxx connection exceptions; 57P01-57P03 shut down or starting up; 53300 too many connections.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return true;
    // The database does not accept connections now (ALTER DATABASE … ALLOW_CONNECTIONS false), refused at connect.
    if (code === '55000' && severity === 'FATAL') return true;
    // The embedded PostgreSQL's socket file is gone while it is down.
    if (SOCKET_CODES.has(code) || (code === 'ENOENT' && typeof message === 'string' && message.includes('.s.PGSQL.')))
      return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m));
}
