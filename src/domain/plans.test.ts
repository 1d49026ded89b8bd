import { describe, expect, it } from 'vitest';
import { exportAllowanceSentence, formatPlanPrice, PLAN_LIST, planHighlights, planPeriod, PLANS } from './plans';
import { PLAN_COMPARISON, PRICING_FAQ } from './pricing';

describe('plans', () => {
  it('are Free, Pro and Business at $0, $29 and $99 a month, with Most Popular on Pro only', () => {
    expect(PLAN_LIST.map((p) => [p.title, formatPlanPrice(p), planPeriod(p)])).toEqual([
      ['Free', '$0', 'forever'],
      ['Pro', '$29', 'per month'],
      ['Business', '$99', 'per month'],
    ]);
    expect(PLAN_LIST.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });

  it('send Free to the page creator, Pro to the upgrade and Business to Contact Sales', () => {
    expect(PLAN_LIST.map((p) => [p.cta.label, p.cta.href])).toEqual([
      ['Get Started', '/page-creator'],
      ['Get Started with Pro', '/settings/billing'],
      ['Contact Sales', '/contact'],
    ]);
  });

  it('hold the limits the server enforces', () => {
    expect([PLANS.free.formLimit, PLANS.pro.formLimit, PLANS.business.formLimit]).toEqual([3, null, null]);
    expect(PLAN_LIST.map((p) => p.monthlySubmissionLimit)).toEqual([100, 10_000, null]);
  });

  it('list each card’s features from the same fields as the table', () => {
    expect(planHighlights(PLANS.free)).toEqual([
      '3 forms',
      '100 submissions per month',
      'Basic analytics',
      '1 team member',
      'Email support',
      'PDF delivery',
    ]);
    expect(planHighlights(PLANS.pro)).toContain('10,000 submissions per month');
    expect(planHighlights(PLANS.business)).toEqual(
      expect.arrayContaining(['Unlimited submissions', '10+ team members', 'API access']),
    );
  });

  it('compare File Delivery on all plans, Custom Domain and Remove Branding on Pro and Business, Priority Support on Business', () => {
    const byLabel = Object.fromEntries(PLAN_COMPARISON.map((r) => [r.label, r.values]));
    expect(byLabel['File Delivery']).toEqual({ free: true, pro: true, business: true });
    expect(byLabel['Custom Domain']).toEqual({ free: false, pro: true, business: true });
    expect(byLabel['Remove Branding']).toEqual({ free: false, pro: true, business: true });
    expect(byLabel['Priority Support']).toEqual({ free: false, pro: false, business: true });
    expect(byLabel['Submissions']).toEqual({ free: '100 per month', pro: '10,000 per month', business: 'Unlimited' });
    expect(byLabel['Team members']).toEqual({ free: '1', pro: '3', business: '10+' });
    expect(byLabel['Lead exports']).toEqual({
      free: 'CSV, last 30 days',
      pro: 'CSV, last 365 days',
      business: 'CSV and JSON Lines, all time',
    });
  });

  it('say in a sentence what each plan exports, and what Business does', () => {
    expect(exportAllowanceSentence('free')).toBe(
      'Your Free plan exports CSV of the last 30 days. Business exports every lead as CSV or JSON Lines.',
    );
    expect(exportAllowanceSentence('pro')).toBe(
      'Your Pro plan exports CSV of the last 365 days. Business exports every lead as CSV or JSON Lines.',
    );
    expect(exportAllowanceSentence('business')).toBe('Your Business plan exports every lead as CSV or JSON Lines.');
  });

  it('answer the six FAQ claims', () => {
    const answers = PRICING_FAQ.map((f) => f.answer).join('\n');
    for (const claim of [
      /next billing cycle/,
      /month-to-month with no long-term contract/,
      /Visa, MasterCard and American Express/,
      /PayPal/,
      /saves you 20%/,
      /approach your limits/,
      /14-day money-back guarantee/,
    ]) {
      expect(answers).toMatch(claim);
    }
  });
});
