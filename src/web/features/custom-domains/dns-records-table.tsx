import type { CustomDomainView } from '@/domain/custom-domains';
import { DnsRecordsTable as RecordsTable } from '@/web/components/dns-records-table';

/** The two records the owner creates at their DNS provider for a custom domain. */
export function DnsRecordsTable({ domain, labelledBy }: { domain: CustomDomainView; labelledBy: string }) {
  const { txt, cname } = domain.records;
  return (
    <RecordsTable
      labelledBy={labelledBy}
      rows={[
        { type: 'TXT', label: 'TXT', name: txt.name, value: txt.value },
        { type: cname.type, label: cname.type, name: cname.name, value: cname.target },
      ]}
    />
  );
}
