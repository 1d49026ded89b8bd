import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '@/web/lib/router';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// docs/decisions/0058: "Last updated" is the day the text last changed, not today (decision 0058).

const render = (page: React.ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialPath="/privacy">{page}</MemoryRouter>
    </QueryClientProvider>,
  );
const lastUpdated = (html: string) => /Last updated: (?:<[^>]+>)*([^<]+)</.exec(html.replace(/<!-- -->/g, ''))?.[1];

afterEach(() => vi.useRealTimers());

describe('the legal pages’ “Last updated”', () => {
  it('is the day the text last changed, the same whatever day it is read', () => {
    for (const today of ['2027-03-14T12:00:00Z', '2031-12-31T23:30:00Z']) {
      vi.useFakeTimers({ now: new Date(today), toFake: ['Date'] });
      expect(lastUpdated(render(<PrivacyPage />))).toBe('November 28, 2026');
      expect(lastUpdated(render(<TermsPage />))).toBe('November 22, 2026');
    }
  });
});
