import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { WebhookDelivery } from '@/domain/webhooks-api';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useDeliveryDetail, useReplayDelivery } from './api';
import { formatTime, STATUS_LABELS, STATUS_VARIANTS } from './format';

type Props = { deliveries: WebhookDelivery[]; onReplayed: () => void };

/** The endpoint's deliveries, newest first: time, event, status, HTTP code, duration; each expands to its attempts. */
export function DeliveryLog({ deliveries, onReplayed }: Props) {
  if (deliveries.length === 0) return <p className="text-sm text-gray-600">No deliveries yet. Send a test event to try it.</p>;
  return (
    <ul className="grid divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Delivery log">
      {deliveries.map((delivery) => (
        <DeliveryRow key={delivery.id} delivery={delivery} onReplayed={onReplayed} />
      ))}
    </ul>
  );
}

function DeliveryRow({ delivery, onReplayed }: { delivery: WebhookDelivery; onReplayed: () => void }) {
  const [open, setOpen] = useState(false);
  const replay = useReplayDelivery();
  const detailsId = `delivery-${delivery.id}`;
  return (
    <li className="grid gap-2 p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <button
          type="button"
          className="min-w-0 text-left font-mono text-gray-900 underline-offset-4 hover:underline"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {delivery.eventType}
        </button>
        <Badge variant={STATUS_VARIANTS[delivery.status]}>{STATUS_LABELS[delivery.status]}</Badge>
        <span className="text-gray-600">{formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}</span>
        <span className="text-gray-600">
          {delivery.lastStatusCode !== null
            ? `HTTP ${delivery.lastStatusCode}`
            : delivery.attempts > 0
              ? 'No answer'
              : 'Not sent yet'}
        </span>
        {delivery.lastDurationMs !== null && <span className="text-gray-600">{delivery.lastDurationMs} ms</span>}
        <span className="text-gray-600">
          {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        {delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt && (
          <span className="text-gray-600">next try {formatTime(delivery.nextAttemptAt)}</span>
        )}
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          disabled={replay.isPending}
          onClick={() =>
            replay.mutate(delivery, {
              onSuccess: () => {
                toast.success('Replay queued', { description: 'It is sent again now, with the same webhook-id.' });
                onReplayed();
              },
              onError: (err) => toast.error(err.message),
            })
          }
        >
          {replay.isPending && <Spinner />}
          Replay
        </Button>
      </div>
      {open && <Attempts id={detailsId} delivery={delivery} />}
    </li>
  );
}

function Attempts({ id, delivery }: { id: string; delivery: WebhookDelivery }) {
  const detail = useDeliveryDetail(delivery.id, delivery.status === 'pending');
  if (detail.isPending) return <Spinner />;
  if (detail.isError) return <p className="text-red-700">{detail.error.message}</p>;
  const { attemptLog, eventId, nextAttemptAt } = detail.data;
  return (
    <div id={id} className="grid gap-2 rounded-md bg-gray-50 p-3">
      <p className="break-all text-gray-600">
        webhook-id <code className="font-mono text-gray-900">{eventId}</code>
        {nextAttemptAt && <> · next attempt {formatTime(nextAttemptAt)}</>}
      </p>
      {attemptLog.length === 0 && <p className="text-gray-600">No attempt yet.</p>}
      <ol className="grid gap-2">
        {attemptLog.map((a) => (
          <li key={a.id} className="grid gap-1 border-t border-gray-200 pt-2 first:border-t-0 first:pt-0">
            <p className="text-gray-900">
              {formatTime(a.startedAt)} · {a.trigger === 'replay' ? 'Replay' : 'Automatic'} ·{' '}
              {a.statusCode !== null ? `HTTP ${a.statusCode}` : 'No answer'} · {a.durationMs} ms
            </p>
            {a.error && <p className="text-red-700">{a.error}</p>}
            {a.responseExcerpt && (
              <pre className="max-h-40 overflow-auto rounded bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap text-gray-800">
                {a.responseExcerpt}
              </pre>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
