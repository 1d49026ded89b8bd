import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlacementStats } from '@/domain/placements';
import { MemoryRouter } from '@/web/lib/router';
import { placementKeys } from './api';
import { placementConversion, PlacementStatsCard } from './placement-stats-card';

const FORM_ID = 'AbC123xyZ789';

function render(items: PlacementStats[]) {
  const client = new QueryClient();
  client.setQueryData(placementKeys.stats(FORM_ID), items);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <PlacementStatsCard formId={FORM_ID} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the "On your site" card of the analytics', () => {
  it("lists each placement's figures, with sign-ups per impression, and — without impressions", () => {
    const html = render([
      { id: 'plc_a', name: 'Exit popup', display: 'popup', impressions: 1200, opens: 300, signups: 42 },
      { id: 'plc_b', name: 'Docs bar', display: 'bar', impressions: 0, opens: 0, signups: 0 },
    ]);
    expect(html).toContain('Exit popup');
    expect(html).toContain('>Popup<');
    expect(html).toContain('1,200');
    expect(html).toContain('>42<');
    expect(html).toContain('3.5%');
    expect(html).toContain('Docs bar');
    expect(html).toContain('<span aria-hidden="true">—</span><span class="sr-only">None</span>');
  });

  it('leads to the screen when the page has no placement', () => {
    const html = render([]);
    expect(html).toContain('Not on your site yet.');
    expect(html).toContain(`href="/dashboard/forms/${FORM_ID}/site"`);
  });

  it('computes conversion as sign-ups over impressions, one decimal', () => {
    expect(placementConversion({ impressions: 3, signups: 1 })).toBe(33.3);
    expect(placementConversion({ impressions: 0, signups: 2 })).toBeNull();
  });
});
