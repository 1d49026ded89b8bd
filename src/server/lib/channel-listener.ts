import pg from 'pg';

const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

export interface ChannelHandlers {
  onNotification(payload: string | undefined): void;
  /** LISTEN is in place (again): whatever was notified while it was not is unknown. */
  onListening(): void;
  /** The connection is gone; a new one is on its way unless the listener was closed. */
  onLost(): void;
}

export interface ChannelListener {
  /** Notifies the channel over the listening connection; rejects when there is none. */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over a connection of its own until closed, so caches on every server
 * sharing the database hear of each change (docs/decisions/0026). A lost connection reconnects
 * with backoff; the handlers say when to distrust what is cached.
 */
export function listenOn(
  connection: pg.ClientConfig,
  channel: string,
  handlers: ChannelHandlers,
  log: { warn(obj: object, msg: string): void },
  what: string,
): ChannelListener {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    handlers.onLost();
    c.end().catch(() => {});
    if (closed) return;
    // Once per outage, not once per attempt: a database away for a minute is a dozen attempts.
    if (err && attempt === 0) log.warn({ err }, `${what}: lost the notification connection; reconnecting`);
    timer = setTimeout(connect, RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!);
    timer.unref();
  };

  function connect() {
    if (closed) return;
    const c = new pg.Client(connection);
    client = c;
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotification(msg.payload);
    });
    c.connect()
      .then(() => c.query(`listen ${channel}`))
      .then(() => {
        if (client !== c) return;
        attempt = 0;
        handlers.onListening();
      })
      .catch((err: unknown) => lost(c, err instanceof Error ? err : new Error(String(err))));
  }
  connect();

  return {
    async notify(payload) {
      const c = client;
      if (!c) throw new Error(`${what}: not connected`);
      await c.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
