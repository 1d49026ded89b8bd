import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { ConversionDestination } from '@/domain/conversions';
import { CONVERSION_EVENT_LABELS, CONVERSION_EVENT_NAMES, type ConversionSendView } from '@/domain/conversions-api';
import { formAnalyticsPath, leadPath } from '@/domain/app-paths';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { Link } from '@/web/lib/router';
import { useConversionSends, useReplayConversion } from './api';
import { formatWhen, STATUS_LABELS, STATUS_VARIANTS } from './format';

/** The platform's answer to the last attempt, in a few words. */
function answerOf(send: ConversionSendView): string {
  if (send.attempts === 0) return 'Not sent yet';
  const status = send.responseStatus !== null ? `HTTP ${send.responseStatus}` : 'No answer';
  return send.attempts > 1 ? `${status} · ${send.attempts} attempts` : status;
}

/** The destination's latest conversions, newest first: what, from which page, when, and the platform's answer. */
export function SendLog({ destination }: { destination: ConversionDestination }) {
  const sends = useConversionSends(destination, true);
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-gray-900">Recent events</h4>
      {sends.isPending ? (
        <Spinner />
      ) : sends.isError ? (
        <p className="text-sm text-red-700">{sends.error.message}</p>
      ) : sends.data.sends.length === 0 ? (
        <p className="text-sm text-gray-600">
          None yet. A lead is sent once it is confirmed, if the visitor accepted marketing on the page.
        </p>
      ) : (
        <ul className="grid divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Recent events">
          {sends.data.sends.map((send) => (
            <SendRow key={send.id} destination={destination} send={send} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SendRow({ destination, send }: { destination: ConversionDestination; send: ConversionSendView }) {
  const replay = useReplayConversion(destination);
  const [queued, setQueued] = useState(false);
  const at = send.sentAt ?? send.updatedAt;
  return (
    <li className="grid gap-1.5 p-3 text-sm" data-testid="conversion-send">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-gray-900">
          {CONVERSION_EVENT_LABELS[send.event]}{' '}
          <span className="font-mono text-xs text-gray-600">({CONVERSION_EVENT_NAMES[destination][send.event]})</span>
        </span>
        <Badge variant={STATUS_VARIANTS[send.status]}>{STATUS_LABELS[send.status]}</Badge>
        <time dateTime={at} className="text-gray-600">
          {formatWhen(at)}
        </time>
        <span className="text-gray-600">{answerOf(send)}</span>
        {send.status !== 'pending' && (
          <Button
            size="sm"
            variant="outline"
            className="ml-auto"
            disabled={replay.isPending || queued}
            onClick={() =>
              replay.mutate(send, {
                onSuccess: () => {
                  setQueued(true);
                  toast.success('Replay queued', { description: 'It is sent again now, with the same event id.' });
                },
                onError: (err) => toast.error(err.message),
              })
            }
          >
            {replay.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
            Replay
          </Button>
        )}
      </div>
      <p className="min-w-0 text-gray-600">
        <Link to={formAnalyticsPath(send.formId)} className="text-indigo-700 underline-offset-4 hover:underline">
          {send.formName || 'Untitled page'}
        </Link>
        {' · '}
        <Link to={leadPath(send.leadId)} className="text-indigo-700 underline-offset-4 hover:underline">
          the lead
        </Link>
        {' · '}
        <span className="font-mono text-xs break-all">{send.eventId}</span>
      </p>
      {send.lastError && <p className="break-words text-red-700">{send.lastError}</p>}
    </li>
  );
}
