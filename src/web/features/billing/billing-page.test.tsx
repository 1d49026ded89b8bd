import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BillingOverview } from '@/domain/billing';
import { MemoryRouter } from '@/web/lib/router';
import { PlanCard } from './plan-card';
import { UsageCard } from './usage-card';

const usage: BillingOverview['usage'] = {
  pages: { used: 1, limit: null },
  signups: { used: 0, limit: 10_000 },
  seats: { used: 1, limit: 3 },
};
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const screens = (billing: BillingOverview) => {
  const wrap = (node: React.ReactNode) =>
    text(
      renderToStaticMarkup(
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialPath="/settings/billing">{node}</MemoryRouter>
        </QueryClientProvider>,
      ),
    );
  return {
    billingScreen: wrap(
      <>
        <PlanCard billing={billing} owner />
        <UsageCard billing={billing} />
      </>,
    ),
    dashboardCard: wrap(<UsageCard billing={billing} linkToBilling />),
  };
};

// The billing screen and the dashboard's plan card say the same of a plan Lodestone's team set.
describe('a plan Lodestone’s team set', () => {
  for (const configured of [false, true]) {
    it(`reads as such on the billing screen and the dashboard, never as Free (billing ${configured ? 'sold' : 'not sold'} online)`, () => {
      const { billingScreen, dashboardCard } = screens({
        configured,
        plan: 'pro',
        subscription: null,
        planSetBy: 'team',
        hasCustomer: false,
        usage,
      });
      const sentence = 'Your Pro plan was set by Lodestone’s team; there are no invoices for it.';
      expect(billingScreen).toContain('Your plan: Pro');
      expect(billingScreen).toContain(sentence);
      expect(billingScreen).toContain('Lodestone’s team set this plan for your workspace');
      expect(dashboardCard).toContain('Pro plan');
      expect(dashboardCard).toContain(sentence);
      for (const screen of [billingScreen, dashboardCard]) {
        expect(screen).not.toContain('Free plan');
        expect(screen).not.toMatch(/npm|<workspace>|operator/i);
      }
    });
  }

  it('a server that sells no plans online says so in the customer’s words', () => {
    const { billingScreen } = screens({
      configured: false,
      plan: 'free',
      subscription: null,
      planSetBy: null,
      hasCustomer: false,
      usage,
    });
    expect(billingScreen).toContain('Plans are not sold online on this Lodestone server');
    expect(billingScreen).toContain('No invoices: this workspace is on the Free plan.');
    expect(billingScreen).not.toMatch(/npm|<workspace>|operator/i);
  });
});
