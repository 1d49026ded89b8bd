import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import { requestFileName, type DataRequestEntry } from '@/domain/data-requests';
import { EmailAddress } from '@/web/components/email-address';
import { Button } from '@/web/components/ui/button';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { fetchReceipt, useDataRequestLog } from './api';
import { recordSummary } from './record-counts';
import { saveJson } from './save-json';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const KIND_NAMES = { access: 'Access', erasure: 'Erasure' } as const;

// A table from `sm` up; below it each request is a small card whose cells name their column.
const ROW = 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-3 max-sm:py-3';
const CELL = 'py-2 pr-4 align-top text-gray-700 max-sm:block max-sm:min-w-0 max-sm:p-0';
const LABELLED =
  'max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]';

/** The workspace's data-subject requests, newest first, each with its receipt. */
export function RequestLog() {
  const log = useDataRequestLog();
  return (
    <section aria-labelledby="request-log-title" className="grid gap-3 border-t border-gray-200 pt-5">
      <h3 id="request-log-title" className="text-base font-semibold text-gray-900">
        Request log
      </h3>
      {log.isError ? (
        <ErrorState
          title="Could not load the request log"
          error={log.error}
          onRetry={() => void log.refetch()}
          retrying={log.isRefetching}
        />
      ) : !log.data ? (
        <div aria-busy="true" className="grid gap-2">
          <span role="status" className="sr-only">
            Loading the request log...
          </span>
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : log.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">No requests yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="max-sm:sr-only">
            <tr className="border-b border-gray-200 text-xs text-gray-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Request
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                When
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                By
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Records
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {log.data.items.map((entry) => (
              <RequestRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RequestRow({ entry }: { entry: DataRequestEntry }) {
  const [busy, setBusy] = useState(false);
  const at = when.format(new Date(entry.createdAt));

  async function download() {
    setBusy(true);
    try {
      saveJson(requestFileName('receipt', new Date(entry.createdAt)), await fetchReceipt(entry.id));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not download the receipt.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr className={ROW}>
      <th scope="row" data-label="Request" className={`${CELL} ${LABELLED} font-medium text-gray-900`}>
        {KIND_NAMES[entry.kind]}
      </th>
      <td data-label="When" className={`${CELL} ${LABELLED}`}>
        <time dateTime={entry.createdAt}>{at}</time>
      </td>
      <td data-label="By" className={`${CELL} ${LABELLED}`}>
        <EmailAddress address={entry.requestedByEmail} />
      </td>
      <td data-label="Records" className={`${CELL} ${LABELLED}`}>
        {recordSummary(entry.records)}
      </td>
      <td className="py-2 text-right align-top max-sm:col-span-2 max-sm:p-0 max-sm:text-left">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void download()}
          disabled={busy}
          aria-label={`Download the receipt of the ${entry.kind} request of ${at}`}
        >
          Receipt
        </Button>
      </td>
    </tr>
  );
}
