import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DataRequestLog } from '@/domain/data-requests';
import { dataRequestKeys } from './api';
import { recordSummary } from './record-counts';
import { RequestLog } from './request-log';

function render(log: DataRequestLog) {
  const client = new QueryClient();
  client.setQueryData(dataRequestKeys.log, log);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <RequestLog />
    </QueryClientProvider>,
  );
}

describe('the request log', () => {
  it('counts each kind of record in the singular for one and the plural otherwise', () => {
    expect(recordSummary({ leads: 1, submissions: 1, answers: 0 })).toBe('1 lead, 1 submission');
    expect(recordSummary({ leads: 2, consents: 1, sentEmailsRemoved: 1, paymentsAnonymised: 1 })).toBe(
      '2 leads, 1 consent record, 1 sent email copy, 1 payment anonymised',
    );
    expect(recordSummary({ consents: 3, sentEmailsRemoved: 2, rateLimitCounters: 1, exportFilesRemoved: 2 })).toBe(
      '3 consent records, 2 sent email copies, 1 rate-limit counter, 2 export files',
    );
    expect(recordSummary({ leads: 0 })).toBe('no records');
  });

  it('shows the counts in good English and lets an address wrap only at its @ and dots', () => {
    const html = render({
      items: [
        {
          id: 'r1',
          kind: 'access',
          createdAt: '2026-11-25T10:00:00.000Z',
          requestedByEmail: 'priya.plurals@privacy-office.example.com',
          records: { leads: 1, submissions: 1 },
        },
      ],
    });
    expect(html).toContain('1 lead, 1 submission');
    expect(html).not.toContain('1 leads');
    // No break inside a word; a break opportunity before the @ and each dot.
    expect(html).not.toContain('break-all');
    expect(html).toContain('priya<wbr/>.plurals<wbr/>@privacy-office<wbr/>.example<wbr/>.com');
  });
});
