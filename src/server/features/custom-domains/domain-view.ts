import {
  FAILING_GRACE_HOURS,
  pointingRecordType,
  txtRecordName,
  txtRecordValue,
  type CustomDomainView,
} from '@/domain/custom-domains';
import type { customDomains } from '@/server/db/schema/index';

export type DomainRow = typeof customDomains.$inferSelect;

/** When a domain failing since `since` stops serving. */
export const disablesAt = (since: Date) => new Date(since.getTime() + FAILING_GRACE_HOURS * 3600_000);

export function domainView(row: DomainRow, pagesHost: string): CustomDomainView {
  return {
    id: row.id,
    hostname: row.hostname,
    status: row.status,
    records: {
      txt: { name: txtRecordName(row.hostname), value: txtRecordValue(row.verificationToken) },
      cname: { type: pointingRecordType(pagesHost), name: row.hostname, target: pagesHost },
    },
    homeFormId: row.homeFormId,
    lastCheck:
      row.lastCheckedAt && row.lastTxt && row.lastCname
        ? { txt: row.lastTxt, cname: row.lastCname, checkedAt: row.lastCheckedAt.toISOString() }
        : null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    disablesAt: row.status === 'failing' && row.failingSince ? disablesAt(row.failingSince).toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
