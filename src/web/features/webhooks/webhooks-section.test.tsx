import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@/web/lib/router';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '@/domain/webhooks-api';
import { webhookKeys } from './api';
import { WebhooksSection } from './webhooks-section';

const endpoint: WebhookEndpoint = {
  id: '0b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  url: 'https://crm.example.com/hooks',
  description: 'Our CRM',
  eventTypes: ['lead.created', 'lead.confirmed'],
  formId: null,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  failingSince: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

const delivery: WebhookDelivery = {
  id: '1b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  endpointId: endpoint.id,
  eventId: 'msg_abc',
  eventType: 'lead.created',
  status: 'succeeded',
  attempts: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  lastAttemptAt: '2026-11-25T10:00:01.000Z',
  nextAttemptAt: null,
  lastStatusCode: 200,
  lastDurationMs: 42,
};

function render(endpoints: WebhookEndpoint[], deliveries: Record<string, WebhookDelivery[]> = {}) {
  const client = new QueryClient();
  client.setQueryData(webhookKeys.endpoints, endpoints);
  client.setQueryData(['forms', 'list', { status: 'all' }], {
    items: [{ id: 'page-1', name: 'Growth Guide' }],
    nextCursor: null,
  });
  for (const e of endpoints)
    client.setQueryData(webhookKeys.deliveries(e.id), { deliveries: deliveries[e.id] ?? [], nextCursor: null });
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <WebhooksSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the webhooks section', () => {
  it('lists each endpoint with its events, page filter and state, and its delivery log', () => {
    const disabled: WebhookEndpoint = {
      ...endpoint,
      id: '2b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
      url: 'https://down.example.com/hooks',
      formId: 'page-1',
      enabled: false,
      disabledReason: 'No successful delivery for 3 days (last: HTTP 500)',
    };
    const html = render([endpoint, disabled], {
      [endpoint.id]: [
        delivery,
        { ...delivery, id: 'd2', status: 'failed', lastStatusCode: null, lastDurationMs: 10000, attempts: 11 },
      ],
    });
    expect(html).toContain('https://crm.example.com/hooks');
    expect(html).toContain('lead.created, lead.confirmed · All pages');
    expect(html).toContain('>Active<');
    expect(html).toContain('Page: Growth Guide');
    expect(html).toContain('Disabled: No successful delivery for 3 days (last: HTTP 500)');
    expect(html).toContain('>Enable<');
    expect(html).toContain('HTTP 200');
    expect(html).toContain('42 ms');
    expect(html).toContain('>Delivered<');
    expect(html).toContain('>Failed<');
    expect(html).toContain('No answer');
    expect(html).toContain('11 attempts');
    expect(html).toContain('No deliveries yet. Send a test event to try it.');
    // A disabled endpoint cannot be sent a test event.
    const testButtons = html.match(/<button[^>]*>(?:<[^>]+>)*Send test event/g)!;
    expect(testButtons).toHaveLength(2);
    expect(testButtons[1]).toContain('disabled=""');
    expect(testButtons[0]).not.toContain('disabled=""');
  });

  it('says so when there is no endpoint yet', () => {
    expect(render([])).toContain('No endpoints yet.');
  });
});
