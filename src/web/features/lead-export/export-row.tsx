import { Download } from 'lucide-react';
import type { LeadExport } from '@/domain/lead-export';
import { EXPORT_FORMAT_LABELS } from '@/domain/plans';
import { Badge } from '@/web/components/ui/badge';
import { buttonVariants } from '@/web/components/ui/button';
import { formatCountUs, formatMomentUs } from '@/domain/us-english';

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The filter in words: "Confirmed · from 2026-10-27 · search 'acme'". */
function filterSummary(filter: LeadExport['filter']): string {
  const parts = [
    filter.status && filter.status[0]!.toUpperCase() + filter.status.slice(1),
    filter.form && 'one page',
    filter.from && `from ${filter.from}`,
    filter.to && `to ${filter.to}`,
    filter.utmSource && `source ${filter.utmSource}`,
    filter.q && `search “${filter.q}”`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'All leads';
}

function Progress({ item }: { item: LeadExport }) {
  const total = item.rowsTotal;
  const percent = total ? Math.min(100, Math.round((item.rowsDone / total) * 100)) : 0;
  const label = total === null ? 'Waiting to start…' : `${formatCountUs(item.rowsDone)} of ${formatCountUs(total)} leads`;
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={`Export progress: ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-100"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-gray-600">{label}</p>
    </div>
  );
}

/** One export in the recent list: what it holds, how far it is, and its download once ready. */
export function ExportRow({ item }: { item: LeadExport }) {
  // The server gives a ready export no link once it has expired.
  const expired = item.status === 'ready' && !item.downloadUrl;
  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-0.5">
          <p className="text-sm font-medium text-gray-900">
            {EXPORT_FORMAT_LABELS[item.format]} · {filterSummary(item.filter)}
          </p>
          <p className="text-xs text-gray-600">Requested {formatMomentUs(item.createdAt)}</p>
        </div>
        {item.downloadUrl ? (
          // A plain link: the server answers it (a file), not the SPA's router.
          <a href={item.downloadUrl} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Download aria-hidden="true" />
            Download{item.size !== null ? ` (${fileSize(item.size)})` : ''}
          </a>
        ) : (
          <StatusBadge item={item} expired={expired} />
        )}
      </div>
      {(item.status === 'queued' || item.status === 'running') && <Progress item={item} />}
      {item.status === 'ready' && !expired && (
        <p className="text-xs text-gray-600">
          {formatCountUs(item.rowsDone)} leads{item.expiresAt ? ` · link works until ${formatMomentUs(item.expiresAt)}` : ''}
        </p>
      )}
      {item.status === 'failed' && item.error && <p className="text-sm text-red-700">{item.error}</p>}
    </li>
  );
}

function StatusBadge({ item, expired }: { item: LeadExport; expired: boolean }) {
  if (expired) return <Badge variant="neutral">Expired</Badge>;
  if (item.status === 'failed') return <Badge variant="danger">Failed</Badge>;
  if (item.status === 'running') return <Badge variant="info">Exporting</Badge>;
  return <Badge variant="neutral">Queued</Badge>;
}
