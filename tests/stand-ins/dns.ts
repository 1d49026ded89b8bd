/**
 * A tiny DNS server for tests (UDP, 127.0.0.1): answers TXT, CNAME, A, AAAA and MX questions from a
 * table, as an authoritative server would. Point Lodestone at it with DNS_SERVERS=127.0.0.1:<port>
 * (or a `Resolver` with `setServers([address])`).
 *
 *   const dns = await startDns({
 *     '_lodestone.offers.localhost': { TXT: ['lodestone-verify=…'] },
 *     'offers.localhost': { CNAME: 'pages.localhost' },
 *     'pages.localhost': { A: ['127.0.0.1'] },
 *   });
 *   dns.address; // '127.0.0.1:53535'
 *   dns.set({ … }); // the whole table, replaced
 *   await dns.close();
 *
 * A name not in the table is NXDOMAIN (node:dns: ENOTFOUND); a name without the asked type is an
 * empty answer (ENODATA). An A or AAAA question about a CNAME gets the CNAME and, when its target
 * is in the table, the target's addresses, as a recursive resolver would. A TXT value may be split
 * in chunks (`['lodestone-', 'verify=…']`: one record of two strings). An MX value is a host name,
 * preference 10 (`MX: ['.']` is a null MX: the domain takes no mail). A name marked `SERVFAIL` gets
 * that answer to every question, and one marked `silent` none at all (the asker times out).
 *
 * Also a command for a deploy test: `node --import tsx tests/stand-ins/dns.ts` listens on
 * DNS_STANDIN_PORT (default 5353) with the table in DNS_RECORDS (JSON), and prints its address.
 */
import { createSocket } from 'node:dgram';
import { pathToFileURL } from 'node:url';
import packet from 'dns-packet';

export interface DnsRecord {
  TXT?: (string | string[])[];
  CNAME?: string;
  A?: string[];
  AAAA?: string[];
  MX?: string[];
  /** Every question about the name is answered SERVFAIL: the server could not find out. */
  SERVFAIL?: boolean;
  /** Questions about the name get no answer. */
  silent?: boolean;
}
export type DnsTable = Record<string, DnsRecord>;

export interface DnsStandIn {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  port: number;
  /** Replaces the whole table. */
  set(records: DnsTable): void;
  /** The questions asked so far, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

const SERVFAIL = 2;
const NXDOMAIN = 3;
const TTL = 1;
const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

export async function startDns(
  records: DnsTable = {},
  { port = 0, unref = false }: { port?: number; /** Does not keep the process alive by itself. */ unref?: boolean } = {},
): Promise<DnsStandIn> {
  let table = normalise(records);
  const questions: string[] = [];
  const socket = createSocket('udp4');

  function answer(name: string, type: string): { answers: packet.Answer[]; rcode: number } {
    const entry = table.get(name);
    if (!entry) return { answers: [], rcode: NXDOMAIN };
    if (entry.SERVFAIL) return { answers: [], rcode: SERVFAIL };
    const answers: packet.Answer[] = [];
    if (type === 'MX') {
      for (const exchange of entry.MX ?? []) answers.push({ type: 'MX', name, ttl: TTL, data: { preference: 10, exchange } });
    } else if (type === 'TXT') {
      for (const value of entry.TXT ?? []) answers.push({ type: 'TXT', name, ttl: TTL, data: value });
    } else if (type === 'CNAME') {
      if (entry.CNAME) answers.push({ type: 'CNAME', name, ttl: TTL, data: entry.CNAME });
    } else if (type === 'A' || type === 'AAAA') {
      const own = entry[type];
      if (own) for (const address of own) answers.push({ type, name, ttl: TTL, data: address });
      else if (entry.CNAME) {
        answers.push({ type: 'CNAME', name, ttl: TTL, data: entry.CNAME });
        const target = table.get(bare(entry.CNAME));
        for (const address of target?.[type] ?? []) answers.push({ type, name: bare(entry.CNAME), ttl: TTL, data: address });
      }
    }
    return { answers, rcode: 0 };
  }

  socket.on('message', (message, remote) => {
    let query: packet.DecodedPacket;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = bare(question.name);
    questions.push(`${question.type} ${name}`);
    if (table.get(name)?.silent) return;
    const { answers, rcode } = answer(name, question.type);
    const response = packet.encode({
      type: 'response',
      id: query.id,
      flags: packet.AUTHORITATIVE_ANSWER | packet.RECURSION_AVAILABLE | ((query.flags ?? 0) & packet.RECURSION_DESIRED) | rcode,
      questions: [question],
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const bound = socket.address().port;
  if (unref) socket.unref();
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    set(next) {
      table = normalise(next);
    },
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function normalise(records: DnsTable): Map<string, DnsRecord> {
  return new Map(Object.entries(records).map(([name, record]) => [bare(name), record]));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dns = await startDns(JSON.parse(process.env.DNS_RECORDS ?? '{}') as DnsTable, {
    port: Number(process.env.DNS_STANDIN_PORT ?? 5353),
  });
  console.log(`DNS stand-in: ${dns.address}`);
}
