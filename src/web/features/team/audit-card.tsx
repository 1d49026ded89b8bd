import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAudit } from './api';
import { formatMomentUs } from '@/domain/us-english';

export function AuditCard() {
  const audit = useAudit(true);
  return (
    <Card role="region" aria-labelledby="audit-heading" className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h2 id="audit-heading" className="text-lg font-semibold text-gray-900">
          Audit log
        </h2>
        <p className="text-sm text-gray-600">
          Sensitive actions in this workspace: members, API keys, exports, erasures and deleted pages.
        </p>
      </div>
      {audit.isPending ? (
        <Skeleton className="h-24" />
      ) : audit.isError ? (
        <ErrorState title="Could not load the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing yet.</p>
      ) : (
        <ul className="divide-y divide-gray-200 text-sm" aria-label="Audit log">
          {audit.data.items.map((entry) => (
            <li key={entry.id} className="grid gap-0.5 py-2">
              <p className="text-gray-900">
                <span className="font-medium break-all">{entry.actor}</span> · {entry.action}
                {entry.target && <span className="break-all text-gray-700"> · {entry.target}</span>}
              </p>
              <p className="text-xs text-gray-600">{formatMomentUs(entry.at)}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
