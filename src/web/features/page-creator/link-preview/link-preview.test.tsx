import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FormDetail } from '@/domain/forms-api';
import { defaultFormConfig, DEFAULT_DESIGN, type FormConfig } from '@/domain/form-config';
import { linkCardSvg } from '@/domain/link-card';
import { LocalImageUrls } from '@/landing/design-images';
import { designTheme } from '@/landing/design-theme';
import { formKeys } from '@/web/features/forms';
import { MemoryRouter } from '@/web/lib/router';
import { LinkPreview } from './link-preview';

// The creator's "Link preview" (docs/product.md#link-previews): the card the server makes, drawn by the
// same function, with the words a shared link shows.

const cover = { id: '11111111-1111-4111-8111-111111111111', width: 1600, height: 1000 };

function render(
  patch: Partial<FormConfig>,
  { path = '/page-creator', local = new Map<string, string>(), detail = null as Partial<FormDetail> | null } = {},
) {
  const client = new QueryClient();
  if (detail) client.setQueryData(formKeys.detail(detail.id!), detail);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialPath={path}>
        <LocalImageUrls value={local}>
          <LinkPreview config={{ ...defaultFormConfig(), ...patch }} />
        </LocalImageUrls>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const imgSrc = (html: string) => /<img src="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the link preview in the Basic Info tab', () => {
  it('shows the card drawn from the design (the very SVG the server makes), the title, the plain description', () => {
    const design = { ...DEFAULT_DESIGN, brandColor: '#C2410C', background: 'gradient' as const, font: 'serif' as const };
    const config = {
      title: 'The Playbook',
      description: 'Learn **fast** with [us](https://x.test).',
      businessName: 'Acme',
      design,
    };
    const html = render(config);
    expect(html).toContain('Link preview');
    const src = imgSrc(html);
    expect(src.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(src.slice('data:image/svg+xml,'.length))).toBe(
      linkCardSvg({
        title: 'The Playbook',
        businessName: 'Acme',
        background: 'gradient',
        theme: designTheme(design),
        logo: null,
      }),
    );
    expect(html).toContain('>The Playbook</span>');
    expect(html).toContain('>Learn fast with us.</span>');
    // A new page has no address yet.
    expect(html).toContain('Your page’s address');
  });

  it('shows the cover, the stored one or the browser’s own copy, cut as the server cuts it', () => {
    const config = { title: 'Covered', design: { ...DEFAULT_DESIGN, cover, layout: 'top' as const } };
    const stored = render(config);
    expect(imgSrc(stored)).toBe(`/img/${cover.id}/1280.webp`);
    expect(stored).toMatch(/<img [^>]*class="[^"]*object-cover object-center/);
    expect(stored).toContain('The picture is your cover image.');
    const local = render(config, { local: new Map([[cover.id, 'blob:http://localhost/abc']]) });
    expect(imgSrc(local)).toBe('blob:http://localhost/abc');
    // A cover the layout hides is not the card.
    expect(imgSrc(render({ ...config, design: { ...config.design, layout: 'none' } }))).toMatch(/^data:image\/svg\+xml,/);
  });

  it('shows the host of the address of a page being edited', () => {
    const id = 'abcdefghijklmnopqrstu';
    const html = render(
      { title: 'Edited' },
      { path: `/page-creator?edit=${id}`, detail: { id, publicUrl: `https://pages.example.com/f/${id}` } },
    );
    expect(html).toContain('>pages.example.com</span>');
  });

  it('keeps owner text as text, in the words and in the card', () => {
    const title = '"><script>alert(1)</script>';
    const html = render({ title, description: '<img src=x onerror=alert(1)>', businessName: '<b>Co</b>' });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    const svg = decodeURIComponent(imgSrc(html).slice('data:image/svg+xml,'.length));
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
    expect(unescape(html)).toContain(title);
  });

  it('says what the title will be while there is none', () => {
    const html = render({ title: '' });
    expect(html).toContain('>Your title</span>');
  });
});
