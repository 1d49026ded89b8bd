import { useEffect, useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { WebhookEndpoint } from '@/domain/webhooks-api';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { fetchSecret, rotateSecret, useDeliveries, useEndpointAction, useSendTestEvent } from './api';
import { DeliveryLog } from './delivery-log';
import { endpointStatus } from './format';

type Props = { endpoint: WebhookEndpoint; pageName: string | null };

/** How long the log keeps polling after a replay or a test event. */
const WATCH_MS = 15_000;

/** One endpoint: what it receives, its state, its secret, its actions and its delivery log. */
export function EndpointItem({ endpoint, pageName }: Props) {
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Bumped by a replay or a test event: the log polls for WATCH_MS after the last one.
  const [watchSeq, setWatchSeq] = useState(0);
  const [watching, setWatching] = useState(false);
  const deliveries = useDeliveries(endpoint.id, { watch: watching, endpointEnabled: endpoint.enabled });
  const action = useEndpointAction();
  const sendTest = useSendTestEvent();
  const status = endpointStatus(endpoint);
  const watch = () => {
    setWatching(true);
    setWatchSeq((n) => n + 1);
  };

  useEffect(() => {
    if (watchSeq === 0) return;
    const timer = setTimeout(() => setWatching(false), WATCH_MS);
    return () => clearTimeout(timer);
  }, [watchSeq]);

  const run = (kind: 'enable' | 'disable' | 'delete') =>
    action.mutate(
      { endpointId: endpoint.id, action: kind },
      {
        onSuccess: () =>
          toast.success(kind === 'delete' ? 'Endpoint deleted' : kind === 'enable' ? 'Endpoint enabled' : 'Endpoint disabled'),
        onError: (err) => toast.error(err.message),
      },
    );

  async function reveal(rotate: boolean) {
    try {
      const result = rotate ? await rotateSecret(endpoint.id) : await fetchSecret(endpoint.id);
      setSecret(result.secret);
      if (rotate)
        toast.success('New signing secret', { description: 'The previous one also signs for 24 hours, so you can switch over.' });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy: select the secret and copy it yourself.');
    }
  }

  return (
    <li className="grid min-w-0 gap-4 rounded-xl border border-gray-200 p-4" data-testid="webhook-endpoint">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-mono text-sm break-all text-gray-900">{endpoint.url}</p>
          <Badge variant={status.variant} className="whitespace-normal">
            {status.label}
          </Badge>
        </div>
        {endpoint.description && <p className="text-sm text-gray-600">{endpoint.description}</p>}
        <p className="text-sm break-words text-gray-600">
          {endpoint.eventTypes.join(', ')} · {pageName ? `Page: ${pageName}` : 'All pages'}
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void (secret ? setSecret(null) : reveal(false))}>
          {secret ? 'Hide signing secret' : 'Reveal signing secret'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void reveal(true)}>
          Rotate secret
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!endpoint.enabled || sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success('Test event queued');
                watch();
              },
              onError: (err) => toast.error(err.message),
            })
          }
        >
          {sendTest.isPending && <Spinner />}
          Send test event
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={action.isPending}
          onClick={() => run(endpoint.enabled ? 'disable' : 'enable')}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirmDelete(true)}>
          Delete
        </Button>
      </div>

      {secret && (
        <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md bg-gray-50 p-2">
          <code className="min-w-0 flex-1 font-mono text-xs break-all text-gray-900" aria-label="Signing secret">
            {secret}
          </code>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      )}

      <section className="grid gap-2" aria-label={`Deliveries to ${endpoint.url}`}>
        <h3 className="text-sm font-semibold text-gray-900">Deliveries</h3>
        {deliveries.isPending ? (
          <Spinner />
        ) : deliveries.isError ? (
          <p className="text-sm text-red-700">{deliveries.error.message}</p>
        ) : (
          <DeliveryLog deliveries={deliveries.data.deliveries} onReplayed={watch} />
        )}
      </section>

      <AlertDialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this endpoint?</AlertDialogTitle>
            <AlertDialogDescription className="break-all">
              {endpoint.url} stops receiving events, and its delivery log is deleted with it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button
              className="bg-red-600 hover:bg-red-700"
              onClick={() => {
                setConfirmDelete(false);
                run('delete');
              }}
            >
              Delete endpoint
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
