import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { SendingDomainsView, SendingDomainView } from '@/domain/sending-domains';
import type { Role } from '@/domain/team';
import { meQueryKey } from '@/web/features/team/api';
import { MemoryRouter } from '@/web/lib/router';
import { sendingDomainQueryKey } from './api.js';
import { SendingDomainSection } from './sending-domain-section.js';
import { spfCheckText, STATUS_BADGES, verifyOutcome } from './sending-domain-words.js';

// The team feature's client imports the auth client, which needs a browser; the section reads its role from the query cache.
vi.mock('@/web/lib/auth-client', () => ({ authClient: {} }));

const SPF_INCLUDE = 'spf.lodestone.test';
const domain: SendingDomainView = {
  id: '5f0c6c1e-8d1b-4a53-9a43-2f3c4d5e6f71',
  domain: 'mail.acme.test',
  status: 'pending',
  localPart: 'hello',
  fromAddress: 'hello@mail.acme.test',
  records: {
    dkim: { name: 'lodestone-0a1b2c3d._domainkey.mail.acme.test', value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkq' },
    spf: { name: 'mail.acme.test', value: `v=spf1 include:${SPF_INCLUDE} ~all`, replaces: null },
    dmarc: { name: '_dmarc.mail.acme.test', value: 'v=DMARC1; p=none; rua=mailto:dmarc-reports@mail.acme.test' },
  },
  lastCheck: { dkim: 'ok', spf: 'missing', checkedAt: '2026-11-25T10:00:00.000Z' },
  verifiedAt: null,
  failingSince: null,
  createdAt: '2026-11-25T09:00:00.000Z',
};

function render(view: Partial<SendingDomainsView>, role: Role = 'owner') {
  const client = new QueryClient();
  client.setQueryData(sendingDomainQueryKey, { domain: null, spfInclude: SPF_INCLUDE, ...view });
  client.setQueryData(meQueryKey, {
    user: { id: 'u1', name: 'Dana Main', email: 'dana@example.com' },
    workspace: { id: 'w1', name: 'Dana’s workspace', role, plan: 'free' },
    workspaces: [],
  });
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SendingDomainSection />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the sending domain section', () => {
  it('offers an owner the form while there is none, and tells a viewer who can add one', () => {
    expect(render({})).toContain('Add sending domain');
    const viewer = render({}, 'viewer');
    expect(viewer).not.toContain('Add sending domain');
    expect(viewer).toContain('Only the workspace’s owners and admins can add a sending domain.');
  });

  it('shows an owner the domain, its records with copy buttons, the DMARC suggestion, the last check and the controls', () => {
    const html = render({ domain });
    expect(html).toContain('Pending verification');
    for (const text of [
      domain.records.dkim.name,
      domain.records.dkim.value,
      domain.records.spf.value,
      domain.records.dmarc.value,
    ])
      expect(html).toContain(text);
    for (const what of ['DKIM value', 'SPF value', 'DMARC value']) expect(html).toContain(`aria-label="Copy the ${what}"`);
    expect(html).toContain('Suggested: a DMARC record');
    expect(html).toContain('DKIM record found');
    expect(html).toContain('SPF record not found yet');
    expect(html).toContain('value="hello"');
    expect(html).toContain('@mail.acme.test');
    expect(html).toContain('Verify now');
    expect(html).toContain('Remove<span class="sr-only"> mail.acme.test</span>');
  });

  it('says how to change an SPF record the domain has already', () => {
    const replaces = 'v=spf1 include:_spf.mailhost.test -all';
    const html = render({
      domain: {
        ...domain,
        records: {
          ...domain.records,
          spf: { ...domain.records.spf, value: `v=spf1 include:_spf.mailhost.test include:${SPF_INCLUDE} -all`, replaces },
        },
      },
    });
    expect(html).toContain(`already has an SPF record, <code class="font-mono text-xs break-all">${replaces}</code>`);
    expect(html).toContain(`v=spf1 include:_spf.mailhost.test include:${SPF_INCLUDE} -all`);
  });

  it('shows a viewer the address and records without the write controls', () => {
    const html = render({ domain: { ...domain, status: 'verified', verifiedAt: '2026-11-25T10:00:00.000Z' } }, 'viewer');
    expect(html).toContain('From address:</span> hello@mail.acme.test');
    expect(html).toContain(domain.records.dkim.value);
    for (const control of ['Verify now', 'Remove', '<input', 'Save']) expect(html, control).not.toContain(control);
  });
});

describe('what the section says', () => {
  it('names the failing state by what it means for the emails', () => {
    expect(STATUS_BADGES.failing.label).toBe('Records missing — sending from Lodestone');
    expect(spfCheckText('mismatch', SPF_INCLUDE)).toBe(`SPF record does not include ${SPF_INCLUDE}, or there is more than one`);
  });

  it('announces the outcome of a check', () => {
    expect(verifyOutcome({ ...domain, status: 'verified' }, SPF_INCLUDE)).toBe(
      'Verified: your visitors’ emails now come from hello@mail.acme.test.',
    );
    expect(verifyOutcome(domain, SPF_INCLUDE)).toBe(
      'Not verified yet: DKIM record found, SPF record not found yet. New DNS records can take from a few minutes to a few hours to appear.',
    );
  });
});
