import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LeadExport, LeadExportList } from '@/domain/lead-export';
import { exportAllowanceSentence } from '@/domain/plans';
import { exportKeys } from './api';
import { LeadExportPanel } from './lead-export-panel';

const base: LeadExport = {
  id: '0b7e3c4a-1f2d-4e5f-8a9b-0c1d2e3f4a5b',
  format: 'csv',
  status: 'ready',
  rowsDone: 0,
  rowsTotal: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  downloadUrl: null,
  size: null,
  filter: {},
  error: null,
};

function render(list: LeadExportList) {
  const client = new QueryClient();
  client.setQueryData(exportKeys.list, list);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <LeadExportPanel filter={{ status: 'confirmed', q: '' }} />
    </QueryClientProvider>,
  );
}

const free = { plan: 'free' as const, formats: ['csv' as const], windowDays: 30, sentence: exportAllowanceSentence('free') };

describe('the lead export panel', () => {
  it('shows what the plan exports and a format it lacks disabled, with what it takes', () => {
    const html = render({ allowance: free, items: [] });
    expect(html).toContain('Your Free plan exports CSV of the last 30 days. Business exports every lead as CSV or JSON Lines.');
    expect(html).toContain('Leads from the last 30 days are included.');
    const input = (format: string) => html.match(new RegExp(`<input[^>]*value="${format}"[^>]*>`))![0];
    expect(input('jsonl')).toContain('disabled=""');
    expect(input('csv')).not.toContain('disabled=""');
    expect(input('csv')).toContain('checked=""');
    expect(html).toContain('Comes with the Business plan.');
    expect(html).toContain('Export as CSV');
  });

  it('lists exports with their progress, their download once ready, and failures in words', () => {
    const html = render({
      allowance: { plan: 'business', formats: ['csv', 'jsonl'], windowDays: null, sentence: exportAllowanceSentence('business') },
      items: [
        { ...base, id: 'a', status: 'running', rowsDone: 400, rowsTotal: 1000, filter: { status: 'confirmed' } },
        {
          ...base,
          id: 'b',
          format: 'jsonl',
          rowsDone: 12,
          rowsTotal: 12,
          size: 2048,
          expiresAt: '2026-12-02T10:00:00.000Z',
          downloadUrl: 'http://localhost:3000/exports/b/download?t=x',
        },
        { ...base, id: 'c', status: 'failed', error: 'The export could not be finished.' },
        { ...base, id: 'd', rowsDone: 3, rowsTotal: 3 },
      ],
    });
    expect(html).not.toContain('disabled=""');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="40"/);
    expect(html).toContain('400 of 1,000 leads');
    expect(html).toContain('CSV · Confirmed');
    expect(html).toContain('href="http://localhost:3000/exports/b/download?t=x"');
    expect(html).toContain('Download (2.0 KB)');
    expect(html).toContain('The export could not be finished.');
    expect(html).toContain('Expired'); // ready, but the server gave no link any more
  });
});
