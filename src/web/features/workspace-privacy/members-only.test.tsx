import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_DEFAULTS } from '@/domain/page-defaults';
import { DataRequestsCard } from './data-requests-card';
import { PageDefaultsCard } from './page-defaults-card';
import { RetentionCard } from './retention-card';

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

const cards = (allowed: boolean | undefined) => ({
  retention: render(<RetentionCard saved={{ pendingLeadDays: 30, allLeadsDays: null }} manages={allowed} />),
  defaults: render(
    <PageDefaultsCard saved={{ ...DEFAULT_PAGE_DEFAULTS, privacyPolicyUrl: 'https://acme.example/privacy' }} manages={allowed} />,
  ),
  requests: render(<DataRequestsCard handles={allowed} />),
});

describe('the Privacy & data cards, by what the member’s role may do', () => {
  it('offer their buttons to a member who may use them', () => {
    const { retention, defaults, requests } = cards(true);
    expect(retention).toContain('Save retention settings');
    expect(defaults).toContain('Save page defaults');
    expect(requests).toContain('Download their data');
    expect(requests).toContain('Erase…');
    for (const html of [retention, defaults, requests]) {
      expect(html).not.toContain('<fieldset disabled');
      expect(html).not.toContain('Only the workspace’s');
    }
  });

  it('show a viewer the settings, read-only, and say who can change them instead of a button the server would refuse', () => {
    const { retention, defaults, requests } = cards(false);
    expect(retention).not.toContain('Save retention settings');
    expect(defaults).not.toContain('Save page defaults');
    expect(requests).not.toContain('Download their data');
    expect(requests).not.toContain('Erase…');
    expect(retention).toContain('Only the workspace’s owners and admins can change how long it keeps leads.');
    expect(defaults).toContain('Only the workspace’s owners and admins can change its page defaults.');
    expect(requests).toContain('Only the workspace’s owners, admins and editors can answer data requests.');
    for (const html of [retention, defaults, requests]) expect(html).toContain('<fieldset disabled=""');
    expect(defaults).toContain('value="https://acme.example/privacy"');
  });

  it('show neither a button nor the note while the role is still loading', () => {
    for (const html of Object.values(cards(undefined))) {
      expect(html).not.toMatch(/Save retention settings|Save page defaults|Download their data|Only the workspace’s/);
    }
  });
});
