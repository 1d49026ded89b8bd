import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { copyText } from '@/web/lib/copy-text';

/** One value of a record (its name or what it holds) with a button that copies it. */
function CopyableValue({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      toast.success(`${what} copied`);
    } catch {
      toast.error('Could not copy: select the text and copy it yourself.');
    }
  };
  return (
    <div className="flex items-start gap-1.5">
      <code className="min-w-0 flex-1 py-1.5 font-mono text-xs break-all text-gray-900">{value}</code>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-8 w-8 px-0"
        onClick={() => void copy()}
        aria-label={`Copy the ${what}`}
        title={`Copy the ${what}`}
      >
        {copied ? <Check aria-hidden="true" className="text-emerald-700" /> : <Copy aria-hidden="true" />}
      </Button>
    </div>
  );
}

export interface DnsRecordRow {
  /** The record's type as the DNS provider's form names it: TXT, CNAME, A, AAAA. */
  type: string;
  /** What the copy buttons call the record ("TXT", "DKIM"), unique among the rows. */
  label: string;
  name: string;
  value: string;
}

/** Records the owner creates at their DNS provider: Type, Name, Value, each copyable (a table from sm up). */
export function DnsRecordsTable({ rows, labelledBy }: { rows: DnsRecordRow[]; labelledBy: string }) {
  return (
    <>
      {/* Phones: a block per record, as three columns leave the values a few letters a line. */}
      <ul aria-labelledby={labelledBy} className="grid gap-2 sm:hidden">
        {rows.map((row) => (
          <li key={row.label} className="grid gap-1 rounded-lg border border-gray-200 p-3">
            <p className="font-mono text-xs font-semibold text-gray-900">
              {row.type} record
              {row.label !== row.type && <span className="font-sans font-normal text-gray-600"> ({row.label})</span>}
            </p>
            <dl className="grid gap-1">
              <div>
                <dt className="text-xs text-gray-600">Name</dt>
                <dd>
                  <CopyableValue value={row.name} what={`${row.label} name`} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-gray-600">Value</dt>
                <dd>
                  <CopyableValue value={row.value} what={`${row.label} value`} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-gray-200 sm:block">
        <table aria-labelledby={labelledBy} className="w-full min-w-72 table-fixed text-left text-sm">
          <thead className="bg-gray-50 text-xs text-gray-700">
            <tr>
              <th scope="col" className="w-16 px-3 py-2 font-semibold sm:w-20">
                Type
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Name
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Value
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {rows.map((row) => (
              <tr key={row.label} className="align-top">
                <th scope="row" className="px-3 py-2.5 font-mono text-xs font-semibold text-gray-900">
                  {row.type}
                  {row.label !== row.type && (
                    <>
                      {' '}
                      <span className="block font-sans font-normal text-gray-600">{row.label}</span>
                    </>
                  )}
                </th>
                <td className="px-3 py-1">
                  <CopyableValue value={row.name} what={`${row.label} name`} />
                </td>
                <td className="px-3 py-1">
                  <CopyableValue value={row.value} what={`${row.label} value`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
