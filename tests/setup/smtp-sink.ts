import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink accepted (answered 250 to its DATA). */
export interface AcceptedMail {
  to: string[];
  messageId: string | undefined;
  raw: string;
}

export interface SmtpSink {
  url: string;
  accepted: AcceptedMail[];
  /**
   * Receives the next message for `to` in full but does not answer its DATA, as a slow or hung mail
   * server would; resolves once that message has arrived, i.e. while the sender waits mid-send.
   * `accept()` answers it at last.
   */
  stallNextTo(to: string): Promise<{ accept(): void }>;
  /** Resolves when `done(accepted)` holds, checked on each accepted message. */
  until(done: (accepted: AcceptedMail[]) => boolean): Promise<void>;
  /** Stops listening, as a mail server that went away: connections to its port are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port, with what it accepted before. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** `port`: 0 (the default) for a free one. */
export async function startSmtpSink({ port: wanted = 0 }: { port?: number } = {}): Promise<SmtpSink> {
  const accepted: AcceptedMail[] = [];
  const stalls = new Map<string, (held: { accept(): void }) => void>();
  const waiters: Array<() => void> = [];
  const listen = async (port: number) => {
    const server = newServer();
    server.listen(port, '127.0.0.1');
    await once(server.server, 'listening');
    return server;
  };
  const newServer = () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      closeTimeout: 100,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const accept = () => {
            accepted.push({ to, messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim(), raw });
            callback();
            for (const wake of [...waiters]) wake();
          };
          const stalled = to.map((address) => stalls.get(address)).find(Boolean);
          if (!stalled) return accept();
          for (const address of to) stalls.delete(address);
          stalled({ accept }); // no answer yet: the sender waits, or hangs until its connection dies
        });
      },
    });
    // A sender that dies mid-session (a server killed by a test) resets its connection: smtp-server
    // re-emits that on the server, which must not end the test process.
    server.on('error', () => undefined);
    return server;
  };
  let server: SMTPServer | null = await listen(wanted);
  const { port } = server.server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    stallNextTo: (to) => new Promise((resolve) => stalls.set(to, resolve)),
    until: (done) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!done(accepted)) return;
          waiters.splice(waiters.indexOf(check), 1);
          resolve();
        };
        waiters.push(check);
        check();
      }),
    stop,
    async restart() {
      server ??= await listen(port);
    },
    close: stop,
  };
}
