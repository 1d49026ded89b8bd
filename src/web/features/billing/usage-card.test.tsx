import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '@/domain/billing';
import { MemoryRouter } from '@/web/lib/router';
import { UsageCard } from './usage-card';

const overview = (patch: Partial<BillingOverview> = {}, usage: Partial<BillingOverview['usage']> = {}): BillingOverview => ({
  configured: true,
  plan: 'free',
  subscription: null,
  planSetBy: null,
  hasCustomer: false,
  ...patch,
  usage: {
    pages: { used: 0, limit: 3 },
    signups: { used: 0, limit: 100 },
    seats: { used: 1, limit: 1 },
    ...usage,
  },
});

const render = (billing: BillingOverview) =>
  renderToStaticMarkup(
    <MemoryRouter initialPath="/dashboard">
      <UsageCard billing={billing} linkToBilling />
    </MemoryRouter>,
  );
/** Each meter's label and how it reads (data-level), in order. */
const levels = (html: string) =>
  [...html.matchAll(/aria-label="([^"]+) used"[^>]*data-level="(\w+)"/g)].map(([, label, level]) => `${label}: ${level}`);

// A new Free workspace's "Seats 1 of 1 used" is no alarm.
describe('the plan card’s meters', () => {
  it('read calm for a new Free workspace: its owner’s own seat is part of the plan', () => {
    const html = render(overview());
    expect(html).toContain('1 of 1 used');
    expect(levels(html)).toEqual(['Pages: ok', 'Sign-ups this month: ok', 'Seats: ok']);
    expect(html).not.toContain('bg-red-600');
    expect(html).not.toContain('bg-amber-500');
  });

  it('turn amber when what the plan adds runs short, and red only past the limit', () => {
    const near = render(
      overview(
        { plan: 'pro' },
        { pages: { used: 3, limit: 3 }, signups: { used: 80, limit: 100 }, seats: { used: 3, limit: 3 } },
      ),
    );
    expect(levels(near)).toEqual(['Pages: near', 'Sign-ups this month: near', 'Seats: near']);
    expect(near).not.toContain('bg-red-600');

    const over = render(
      overview({}, { pages: { used: 4, limit: 3 }, signups: { used: 104, limit: 100 }, seats: { used: 2, limit: 1 } }),
    );
    expect(levels(over)).toEqual(['Pages: over', 'Sign-ups this month: over', 'Seats: over']);
    expect(over.match(/bg-red-600/g)).toHaveLength(3);
    expect(over).toContain('(over your plan)');
  });
});
