import type { RecordCheck } from '@/domain/custom-domains';
import { dkimRecordName, isSpfRecord, spfIncludes, type SendingDomainCheck } from '@/domain/sending-domains';
import type { DnsResolver } from '@/server/features/custom-domains/index';

/** What one check found; `transient`: a lookup got no answer (timeout, SERVFAIL), so nothing may change on it. */
export interface SendingRecordsFound extends SendingDomainCheck {
  transient: boolean;
  /** The domain's one SPF record when it lacks the include: the record the owner is asked to change. */
  spfFound: string | null;
}

/** The answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND']);

/** Each TXT record of `name` with its strings joined (a long one is split into strings of 255 at most), [] when none. */
async function txtRecords(resolver: Pick<DnsResolver, 'resolveTxt'>, name: string): Promise<string[] | 'transient'> {
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code && ABSENT.has(code)) return [];
    return 'transient';
  }
}

/** A DKIM record's tags (`v=DKIM1; k=rsa; p=…`), names lowercased, whitespace inside values dropped (RFC 6376 3.2). */
function dkimTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return tags;
}

/** The record publishes exactly this key: `p` the same, and `v` and `k`, when given, DKIM1 and rsa. */
function publishesKey(record: string, publicKey: string): boolean {
  const tags = dkimTags(record);
  const v = tags.get('v');
  const k = tags.get('k');
  return tags.get('p') === publicKey && (v === undefined || v === 'DKIM1') && (k === undefined || k.toLowerCase() === 'rsa');
}

/**
 * Checks a sending domain's two records (docs/decisions/0089):
 * - DKIM: a TXT record at `{selector}._domainkey.{domain}` publishing the domain's public key;
 * - SPF: the domain's one `v=spf1` record including `spfInclude`. Two SPF records are an error for
 *   every receiver (RFC 7208 4.5), so they are a 'mismatch' whatever they say.
 * No record at all is 'missing'; records saying something else are 'mismatch'.
 */
export async function checkSendingRecords(
  resolver: Pick<DnsResolver, 'resolveTxt'>,
  domain: { domain: string; selector: string; publicKey: string },
  spfInclude: string,
  now = new Date(),
): Promise<SendingRecordsFound> {
  const [dkimTxt, domainTxt] = await Promise.all([
    txtRecords(resolver, dkimRecordName(domain.selector, domain.domain)),
    txtRecords(resolver, domain.domain),
  ]);
  const dkim: RecordCheck =
    dkimTxt === 'transient' || dkimTxt.length === 0
      ? 'missing'
      : dkimTxt.some((record) => publishesKey(record, domain.publicKey))
        ? 'ok'
        : 'mismatch';
  const spfRecords = domainTxt === 'transient' ? [] : domainTxt.filter(isSpfRecord);
  const spf: RecordCheck =
    spfRecords.length === 0 ? 'missing' : spfRecords.length === 1 && spfIncludes(spfRecords[0]!, spfInclude) ? 'ok' : 'mismatch';
  return {
    dkim,
    spf,
    checkedAt: now.toISOString(),
    transient: dkimTxt === 'transient' || domainTxt === 'transient',
    spfFound: spf === 'mismatch' && spfRecords.length === 1 ? spfRecords[0]!.trim() : null,
  };
}
