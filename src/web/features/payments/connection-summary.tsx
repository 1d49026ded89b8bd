import { CircleCheck } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Connected" plus the mode (test or live), or "Not connected": in words, not only colour. */
export function ConnectionBadges({ connected, mode }: { connected: boolean; mode?: { label: string; live: boolean } }) {
  if (!connected) return <Badge variant="neutral">Not connected</Badge>;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge variant="success">
        <CircleCheck aria-hidden="true" className="size-3.5" />
        Connected
      </Badge>
      {mode && <Badge variant={mode.live ? 'info' : 'warning'}>{mode.label}</Badge>}
    </span>
  );
}

type ConnectionSummaryProps = {
  /** The masked credentials, as the server sent them. */
  items: { label: string; value: string }[];
  connectedAt: string;
};

/** What is stored for a connection: masked values only, never a secret. */
export function ConnectionSummary({ items, connectedAt }: ConnectionSummaryProps) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
      {items.map(({ label, value }) => (
        <div key={label} className="contents">
          <dt className="font-medium text-gray-700">{label}</dt>
          <dd className="min-w-0 font-mono break-all text-gray-900 max-sm:mb-1">{value}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="font-medium text-gray-700">Connected</dt>
        <dd className="text-gray-900">
          <time dateTime={connectedAt}>{dateTimeFormat.format(new Date(connectedAt))}</time>
        </dd>
      </div>
    </dl>
  );
}
