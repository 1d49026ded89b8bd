import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@/domain/webhooks-api';
import { deliveriesQuery } from './api';

const delivery: WebhookDelivery = {
  id: 'd1',
  endpointId: 'e1',
  eventId: 'msg_1',
  eventType: 'lead.created',
  status: 'pending',
  attempts: 0,
  createdAt: '2026-11-25T10:00:00.000Z',
  lastAttemptAt: null,
  nextAttemptAt: null,
  lastStatusCode: null,
  lastDurationMs: null,
};

/** How often the log of endpoint e1 reads the deliveries again while it shows `deliveries`. */
function interval(deliveries: WebhookDelivery[], options: { enabled?: boolean } = {}) {
  const client = new QueryClient();
  const opts = { ...deliveriesQuery('e1', options.enabled === false ? { endpointEnabled: false } : undefined) };
  client.setQueryData(opts.queryKey, { deliveries, nextCursor: null });
  const query = client.getQueryCache().find({ queryKey: opts.queryKey })!;
  if (typeof opts.refetchInterval !== 'function') throw new Error('refetchInterval is not computed per query');
  // The option is typed for its own query key; the query found by that key is that query.
  const computeInterval = opts.refetchInterval as unknown as (q: typeof query) => number | false | undefined;
  return computeInterval(query);
}

describe('the delivery log', () => {
  it('reads itself again every 2 seconds while any delivery is pending, until none is', () => {
    // Queued by a lead's event, not tried yet (no next attempt time): it lands within seconds.
    expect(interval([delivery])).toBe(2000);
    // Tried and waiting for its retry.
    expect(interval([{ ...delivery, attempts: 1, nextAttemptAt: '2026-11-25T10:01:00.000Z' }])).toBe(2000);
    // One pending among finished ones is enough.
    expect(interval([{ ...delivery, id: 'd0', status: 'succeeded' }, delivery])).toBe(2000);
    // Nothing pending: only now and then, for new events.
    expect(
      interval([
        { ...delivery, status: 'succeeded' },
        { ...delivery, id: 'd2', status: 'failed' },
      ]),
    ).toBe(15_000);
    // Held while its endpoint is disabled: nothing lands until it is enabled again.
    expect(interval([delivery], { enabled: false })).toBe(15_000);
  });
});
