import { describe, expect, it } from 'vitest';
import { FAILING_GRACE_HOURS, SLUG_MAX_LENGTH, TXT_PREFIX } from '@/domain/custom-domains';
import { PLANS } from '@/domain/plans';
import { loadArticle } from './articles';

// The help article states the contract's figures in words: it must change when they do.
describe('the custom domains article', () => {
  it('states the grace period, the slug length, the TXT name and each plan’s allowance as the contract has them', async () => {
    const article = await loadArticle('docs', 'custom-domains');
    expect(article!.title).toBe('Connecting a Custom Domain');
    const body = article!.body;
    expect(body).toContain(`**${FAILING_GRACE_HOURS} hours**`);
    expect(body).toContain(`up to ${SLUG_MAX_LENGTH} characters`);
    expect(body).toContain(`\`${TXT_PREFIX}.offers.example.com\``);
    // In words: one on Pro, up to ten on Business.
    expect([PLANS.pro.customDomainLimit, PLANS.business.customDomainLimit]).toEqual([1, 10]);
    expect(body).toContain('**Pro** plan (one custom domain)');
    expect(body).toContain('**Business** plan (up to ten)');
    expect(body.toLowerCase()).not.toContain('coming soon');
  });
});
