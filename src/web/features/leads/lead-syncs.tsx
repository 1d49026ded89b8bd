import { EMAIL_TOOL_NAMES, type LeadSync } from '@/domain/email-tools';
import { Badge } from '@/web/components/ui/badge';
import { formatDateTime } from '@/web/features/dashboard';
import { DetailCard, Fact, Facts } from './detail-parts';

const STATUS: Record<LeadSync['status'], { label: string; variant: 'success' | 'warning' | 'danger' }> = {
  synced: { label: 'Synced', variant: 'success' },
  pending: { label: 'Sending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
};

/** Where the lead was sent: one row per email tool its page sends to, with the provider's message when it refused. */
export function LeadSyncs({ syncs }: { syncs: LeadSync[] }) {
  if (syncs.length === 0) return null;
  return (
    <DetailCard title="Email tools">
      <ul className="flex flex-col divide-y divide-gray-200">
        {syncs.map((s) => (
          <li key={s.provider} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-gray-900">{EMAIL_TOOL_NAMES[s.provider]}</span>
              <Badge variant={STATUS[s.status].variant}>{STATUS[s.status].label}</Badge>
            </div>
            <Facts>
              {s.syncedAt && <Fact label="Synced at">{formatDateTime(s.syncedAt)}</Fact>}
              {s.status !== 'synced' && <Fact label="Attempts">{s.attempts}</Fact>}
              {s.lastError && s.status !== 'synced' && (
                <Fact label={s.status === 'failed' ? `${EMAIL_TOOL_NAMES[s.provider]} said` : 'Last attempt'}>
                  <span role={s.status === 'failed' ? 'alert' : undefined}>{s.lastError}</span>
                </Fact>
              )}
            </Facts>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
