import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from '@/web/lib/router';
import { describe, expect, it } from 'vitest';
import { API_ACCESS_PLAN_MESSAGE, type ApiKeyList } from '@/domain/api-keys';
import { ApiKeysSection } from './api-keys-section';
import { apiKeysQueryKey } from './api';

function render(list: ApiKeyList) {
  const client = new QueryClient();
  client.setQueryData(apiKeysQueryKey, list);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ApiKeysSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const createButton = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Create API key<\/button>/)![0];

describe('the API keys section', () => {
  it('on Free or Pro: says API access comes with Business, links to pricing, and disables Create (not hidden)', () => {
    const html = render({ allowed: false, planSentence: API_ACCESS_PLAN_MESSAGE, items: [] });
    expect(html).toContain('API access comes with the Business plan.');
    expect(html).toContain('href="/pricing"');
    expect(createButton(html)).toContain('disabled=""');
    expect(html).toContain('No API keys yet.');
  });

  it('on Business: Create is enabled, keys are listed by prefix with scopes, dates, and revoked ones marked', () => {
    const html = render({
      allowed: true,
      planSentence: API_ACCESS_PLAN_MESSAGE,
      items: [
        {
          id: '1',
          name: 'CRM sync',
          prefix: 'lsk_AbCdEfGh',
          scopes: ['read', 'write'],
          createdAt: '2026-11-20T10:00:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        },
        {
          id: '2',
          name: 'Old script',
          prefix: 'lsk_ZyXwVuTs',
          scopes: ['read'],
          createdAt: '2026-11-01T10:00:00.000Z',
          lastUsedAt: '2026-11-02T10:00:00.000Z',
          revokedAt: '2026-11-03T10:00:00.000Z',
        },
      ],
    });
    expect(html).not.toContain('API access comes with the Business plan.');
    expect(createButton(html)).not.toContain('disabled=""');
    expect(html).toContain('lsk_AbCdEfGh…');
    expect(html).toContain('Last used never');
    expect(html).toContain('Revoked');
    expect(html).toContain('Revoke<span class="sr-only"> CRM sync</span>');
    expect(html).not.toContain('Revoke<span class="sr-only"> Old script</span>');
  });
});
