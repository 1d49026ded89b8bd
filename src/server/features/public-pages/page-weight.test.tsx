import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { badgeUrl } from '@/domain/branding';
import { DEFAULT_DESIGN, defaultFormConfig, RESERVED_NAMES, type FormConfig } from '@/domain/form-config';
import { LandingPage, landingScript } from '@/landing/index';
import { fieldOf } from '@tests/kit/fields';
import { everySection } from '@tests/kit/sections';
import { renderDocument } from './document.js';
import { REFERRER, RENDERED_AT } from './published-page.js';

// The weight budget of a published page (docs/performance.md): with every kind of section filled
// generously, a cover and a logo, its HTML and CSS stay within 20 KB gzipped (images aside), with
// no script but the landing page's own few lines. Rendered as the server renders it (render.tsx),
// from a fixed page at a fixed time, so the figure is the same on every run.

const BUDGET = 20 * 1024;
const image = (n: number, width: number, height: number) => ({
  id: `3f1c2a4b-5d6e-4f70-8a91-${String(n).padStart(12, '0')}`,
  width,
  height,
});

function heaviestPage(): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    title: 'The Complete Email Marketing Playbook for Small Businesses',
    description:
      'Forty pages of **tactics that work**, from your first subscriber to your ten-thousandth: welcome sequences, subject lines, segments and the deliverability checks your agency forgot. [Read a sample chapter](https://northwind.example/sample).',
    businessName: 'Northwind Press',
    leadMagnetName: 'The Email Marketing Playbook',
    privacyPolicyUrl: 'https://northwind.example/privacy',
    fields: [
      ...config.fields,
      fieldOf('first', 'text', 'First name', { required: true }),
      fieldOf('company', 'text', 'Company', { helpText: 'So we can send you examples from your industry.' }),
      fieldOf('role', 'dropdown', 'Your role', { options: ['Founder', 'Marketing', 'Sales', 'Other'] }),
    ],
    design: {
      ...DEFAULT_DESIGN,
      brandColor: '#0F766E',
      background: 'gradient',
      logo: image(1, 640, 160),
      cover: image(2, 1600, 1000),
      coverAlt: 'The playbook open on a desk',
      layout: 'left',
      formPlacement: 'beside',
      buttonText: 'Send me the playbook',
    },
    sections: everySection({
      portraits: [image(3, 400, 400), image(4, 400, 400), image(5, 400, 400)],
      author: image(6, 600, 600),
      logos: [7, 8, 9, 10, 11].map((n) => image(n, 480, 120)),
    }),
  };
}

/** The published document of `config`, as createRenderer's landingDocument makes it. */
function publishedDocument(config: FormConfig): string {
  return renderDocument({
    title: config.title,
    description: config.description,
    url: 'https://pages.lodestone.example/f/abcdefghijkl',
    script: 'landing',
    body: (
      <LandingPage
        config={config}
        mode="live"
        action="/f/abcdefghijkl"
        honeypotName={RESERVED_NAMES.honeypot}
        hiddenFields={{ [RESERVED_NAMES.renderedAt]: RENDERED_AT, [RESERVED_NAMES.referrer]: REFERRER }}
        badgeHref={badgeUrl('https://lodestone.example')}
        now={Date.parse('2026-06-01T12:00:00Z')}
      />
    ),
  });
}

describe('the weight of a published page', () => {
  it('is within 20 KB gzipped with every section, a cover and a logo, and runs no framework', () => {
    const html = publishedDocument(heaviestPage());
    // Every kind of section is on it, with its images.
    for (const section of heaviestPage().sections) expect(html).toContain(section.heading.replace("'", '&#x27;'));
    expect(html.match(/<img /g)).toHaveLength(2 + 3 + 1 + 5);

    const gzipped = gzipSync(html, { level: 6 }).length;
    console.log(`published page with every section, a cover and a logo: ${html.length} B of HTML+CSS, ${gzipped} B gzipped`);
    expect(gzipped).toBeLessThanOrEqual(BUDGET);

    // One script, the landing page's own, inline; nothing loaded, no framework.
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script>${landingScript}</script>`);
    expect(html).not.toMatch(/react|__next|hydrate/i);
  });
});
