import { CircleAlert, CircleCheck, CircleX, RefreshCw } from 'lucide-react';
import type { RecordCheck } from '@/domain/custom-domains';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';

const CHECK_ICONS: Record<RecordCheck, { Icon: typeof CircleCheck; className: string }> = {
  ok: { Icon: CircleCheck, className: 'text-emerald-700' },
  missing: { Icon: CircleAlert, className: 'text-amber-700' },
  mismatch: { Icon: CircleX, className: 'text-red-700' },
};

export interface DnsCheckLine {
  type: string;
  result: RecordCheck;
  text: string;
}

/**
 * A domain's last DNS check, record by record, and "Verify now", for a custom domain and a sending
 * domain alike: the check and the outcome of the last "Verify now" are announced (a live region).
 */
export function DnsCheckPanel({
  name,
  lastChecked,
  lines,
  outcome,
  error,
  manages,
  pending,
  onVerify,
}: {
  /** The domain, as the button and the list name it to a screen reader. */
  name: string;
  /** When it was last checked, as the owner reads it; null before any check. */
  lastChecked: string | null;
  lines: DnsCheckLine[];
  outcome: { text: string; good: boolean } | null;
  error: string | null;
  /** The caller may verify (owner or admin). */
  manages: boolean;
  pending: boolean;
  onVerify: () => void;
}) {
  return (
    <div className="grid gap-3">
      <div role="status" className="grid gap-2 rounded-lg bg-gray-50 p-3 text-sm">
        <p className="font-medium text-gray-900">{lastChecked ? `Last checked ${lastChecked}` : 'Not checked yet'}</p>
        {lastChecked && (
          <ul className="grid gap-1" aria-label={`Last check of ${name}`}>
            {lines.map((line) => {
              const { Icon, className } = CHECK_ICONS[line.result];
              return (
                <li key={line.type} className="flex items-center gap-2 text-gray-800">
                  <Icon aria-hidden="true" className={`size-4 shrink-0 ${className}`} />
                  {line.text}
                </li>
              );
            })}
          </ul>
        )}
        {outcome && <p className={outcome.good ? 'font-medium text-emerald-800' : 'text-gray-800'}>{outcome.text}</p>}
      </div>
      {manages && (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={onVerify} disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
            {pending ? 'Checking…' : 'Verify now'}
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
