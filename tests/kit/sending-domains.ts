import type { SendingDomainView } from '@/domain/sending-domains';
import type { DnsTable } from '@tests/stand-ins/dns';

/** A TXT value as a DNS provider stores a long one: strings of at most 255 characters, one record. */
export const txtChunks = (value: string) => value.match(/.{1,255}/g)!;

/** The DKIM and SPF records a sending domain asks for, as its owner would publish them. */
export function sendingRecordsFor(domain: SendingDomainView): DnsTable {
  return {
    [domain.records.dkim.name]: { TXT: [txtChunks(domain.records.dkim.value)] },
    [domain.records.spf.name]: { TXT: [domain.records.spf.value] },
  };
}
