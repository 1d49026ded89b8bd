import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { type CustomDomainView, domainMessages, type DomainsView } from '@/domain/custom-domains';
import type { Role } from '@/domain/team';
import { meQueryKey } from '@/web/features/team/api';
import { MemoryRouter } from '@/web/lib/router';
import { domainsQueryKey } from './api.js';
import { DomainsSections } from './domains-page.js';
import { recordCheckText, statusBadge, verifyOutcome } from './domain-words.js';

// The team feature's client imports the auth client, which needs a browser; the screen reads its role from the query cache.
vi.mock('@/web/lib/auth-client', () => ({ authClient: {} }));

const domain: CustomDomainView = {
  id: '5f0c6c1e-8d1b-4a53-9a43-2f3c4d5e6f70',
  hostname: 'offers.example.test',
  status: 'pending',
  records: {
    txt: { name: '_lodestone.offers.example.test', value: 'lodestone-verify=tok3n' },
    cname: { type: 'CNAME', name: 'offers.example.test', target: 'pages.lodestone.test' },
  },
  homeFormId: null,
  lastCheck: { txt: 'ok', cname: 'mismatch', checkedAt: '2026-11-25T10:00:00.000Z' },
  verifiedAt: null,
  failingSince: null,
  disablesAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
};

const pages = [
  { formId: 'AbC123xyZ789', title: 'Growth Guide', slug: 'growth-guide' },
  { formId: 'QwE456rtY012', title: 'Launch Checklist', slug: null },
];

function render(view: Partial<DomainsView>, role: Role = 'owner') {
  const client = new QueryClient();
  client.setQueryData(domainsQueryKey, { domains: [], limit: 1, cnameTarget: 'pages.lodestone.test', pages, ...view });
  client.setQueryData(meQueryKey, {
    user: { id: 'u1', name: 'Dana Main', email: 'dana@example.com' },
    workspace: { id: 'w1', name: 'Dana’s workspace', role, plan: 'pro' },
    workspaces: [],
  });
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <DomainsSections />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the custom domains screen', () => {
  it('offers the upgrade on Free instead of the form, and no page addresses', () => {
    const html = render({ limit: 0 });
    expect(html).toContain(domainMessages.planLimit(0));
    expect(html).toContain('href="/settings/billing"');
    expect(html).not.toContain('Add domain');
    expect(html).not.toContain('Page addresses');
  });

  it('shows an owner the form, the allowance, each domain with its records, last check and controls, and the page addresses', () => {
    const html = render({ domains: [domain] });
    expect(html).toContain('1 of 1 domains used');
    expect(html).toContain('Add domain');
    expect(html).toContain('Pending verification');
    for (const text of ['_lodestone.offers.example.test', 'lodestone-verify=tok3n', 'pages.lodestone.test'])
      expect(html).toContain(text);
    expect(html).toContain('aria-label="Copy the TXT value"');
    expect(html).toContain('TXT record found');
    expect(html).toContain('CNAME points elsewhere');
    expect(html).toContain('Verify now');
    expect(html).toContain('Home page');
    expect(html).toMatch(/<option value=""[^>]*>None<\/option>/);
    expect(html).toContain('Remove<span class="sr-only"> offers.example.test</span>');
    expect(html).not.toContain('https://offers.example.test/</a>'); // not live before it is verified
    expect(html).toContain('Page addresses');
    expect(html).toContain('value="growth-guide"');
    expect(html).toContain('https://your-domain/growth-guide');
  });

  it('links the live address of a verified domain and uses it in the page addresses', () => {
    const html = render({ domains: [{ ...domain, status: 'verified', verifiedAt: '2026-11-25T10:00:00.000Z' }] });
    expect(html).toContain('href="https://offers.example.test/"');
    expect(html).toContain('https://offers.example.test/growth-guide');
  });

  it('shows a viewer everything without the write controls', () => {
    const html = render({ domains: [{ ...domain, homeFormId: 'AbC123xyZ789' }] }, 'viewer');
    expect(html).toContain('offers.example.test');
    expect(html).toContain('lodestone-verify=tok3n');
    expect(html).toContain('Only the workspace’s owners and admins can add or change its domains.');
    for (const control of ['Add domain', 'Verify now', 'Remove', '<select', '<input', 'Save'])
      expect(html, control).not.toContain(control);
    expect(html).toContain('Growth Guide'); // the home page, in words
    expect(html).toContain('https://your-domain/growth-guide');
    expect(html).toContain('No address yet');
  });
});

describe('what the screen says', () => {
  it('puts each record check in plain words', () => {
    expect(recordCheckText('TXT', 'ok')).toBe('TXT record found');
    expect(recordCheckText('CNAME', 'missing')).toBe('CNAME record not found yet');
    expect(recordCheckText('CNAME', 'mismatch')).toBe('CNAME points elsewhere');
  });

  it('names the day a failing domain stops serving in its badge', () => {
    const badge = statusBadge({ status: 'failing', disablesAt: '2026-11-28T10:00:00.000Z' });
    expect(badge.label).toMatch(/^Records missing — stops serving on Nov 28, 2026, /);
    expect(statusBadge({ status: 'disabled', disablesAt: null }).label).toBe('Disabled');
  });

  it('announces the outcome of a check', () => {
    const missing = { ...domain, lastCheck: { txt: 'missing', cname: 'missing', checkedAt: domain.createdAt } } as const;
    expect(verifyOutcome(missing)).toBe(
      'Not verified yet: TXT record not found yet, CNAME record not found yet. New DNS records can take from a few minutes to a few hours to appear.',
    );
    expect(verifyOutcome({ ...domain, status: 'verified' })).toBe(
      'Verified: offers.example.test serves your published pages now.',
    );
  });
});
