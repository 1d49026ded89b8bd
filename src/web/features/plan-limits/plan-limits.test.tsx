import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { EditablePages, HeldLeadsSummary } from '@/domain/plan-usage';
import { MemoryRouter } from '@/web/lib/router';
import { planLimitKeys } from './api';
import { HeldLeadsNotice } from './held-leads-notice';
import { KeptPagesCard } from './kept-pages-card';

function withData(element: ReactElement, data: { held?: HeldLeadsSummary; editable?: EditablePages }) {
  const client = new QueryClient();
  if (data.held) client.setQueryData(planLimitKeys.held, data.held);
  if (data.editable) client.setQueryData(planLimitKeys.editable, data.editable);
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </MemoryRouter>
  );
}

const render = (element: ReactElement, data: { held?: HeldLeadsSummary; editable?: EditablePages }) =>
  renderToStaticMarkup(withData(element, data));

/** The markup once what loads on demand (the choice of pages) is there. */
async function renderLoaded(element: ReactElement, data: { editable?: EditablePages }) {
  const { prelude } = await prerender(withData(element, data));
  return new Response(prelude).text();
}

const page = (id: string, editable: boolean, kept = false) => ({
  id,
  name: `Page ${id}`,
  updatedAt: '2026-11-20T10:00:00.000Z',
  kept,
  editable,
});

describe('the held sign-ups notice', () => {
  it('says how many are held and links to billing; nothing when none are', () => {
    const thisMonth = new Date().toISOString().slice(0, 7);
    const html = render(<HeldLeadsNotice />, {
      held: { months: [{ month: thisMonth, count: 4 }], planTitle: 'Free', limit: 100 },
    });
    expect(html).toContain('4 sign-ups are held because this workspace has used its 100 sign-ups for');
    expect(html).toContain('href="/settings/billing"');
    expect(render(<HeldLeadsNotice />, { held: { months: [], planTitle: 'Free', limit: 100 } })).toBe('');
  });
});

describe('the choice of pages to keep editing', () => {
  it('lists every page with the editable ones ticked, only while the workspace is over its plan', async () => {
    const over: EditablePages = {
      limit: 3,
      total: 4,
      overLimit: true,
      pages: [page('a', true), page('b', true), page('c', true, true), page('d', false)],
    };
    const html = await renderLoaded(<KeptPagesCard />, { editable: over });
    expect(html).toContain('This workspace has 4 pages and its plan allows 3.');
    expect(html.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(3);
    expect(html).toContain('Locked');
    expect(html).toContain('3 of 3 chosen.');
    const within: EditablePages = { limit: 3, total: 2, overLimit: false, pages: [page('a', true), page('b', true)] };
    expect(await renderLoaded(<KeptPagesCard />, { editable: within })).toBe('');
  });
});
