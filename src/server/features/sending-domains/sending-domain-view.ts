import {
  dkimRecordName,
  dkimRecordValue,
  dmarcRecordName,
  dmarcRecordValue,
  spfRecordValue,
  spfWithInclude,
  type SendingDomainView,
} from '@/domain/sending-domains';
import type { sendingDomains } from '@/server/db/schema/index';

export type SendingDomainRow = typeof sendingDomains.$inferSelect;

export function sendingDomainView(row: SendingDomainRow, spfInclude: string): SendingDomainView {
  const replaces = row.lastSpf === 'mismatch' ? row.lastSpfFound : null;
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    localPart: row.localPart,
    fromAddress: `${row.localPart}@${row.domain}`,
    records: {
      dkim: { name: dkimRecordName(row.selector, row.domain), value: dkimRecordValue(row.publicKey) },
      spf: {
        name: row.domain,
        value: replaces ? spfWithInclude(replaces, spfInclude) : spfRecordValue(spfInclude),
        replaces,
      },
      dmarc: { name: dmarcRecordName(row.domain), value: dmarcRecordValue(row.domain) },
    },
    lastCheck:
      row.lastCheckedAt && row.lastDkim && row.lastSpf
        ? { dkim: row.lastDkim, spf: row.lastSpf, checkedAt: row.lastCheckedAt.toISOString() }
        : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
