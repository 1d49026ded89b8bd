import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImageRef } from '@/domain/form-config';
import { LocalImageUrls } from '@/landing/design-images';
import { ImageUpload, KEPT_LOCALLY_NOTE } from './image-upload';

const render = (props: Partial<Parameters<typeof ImageUpload>[0]>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ImageUpload id="logo" label="Logo" value={null} onChange={() => {}} {...props} />
    </QueryClientProvider>,
  );

const logo: ImageRef = { id: '6f1d2c3b-0a9e-4f8d-9c7b-1a2b3c4d5e6f', width: 800, height: 400 };

describe('ImageUpload', () => {
  it('offers a labelled picker for PNG, JPEG and WebP, with the hint tied to its button', () => {
    const html = render({ hint: 'Shown above the title.' });
    expect(html).toContain('role="group" aria-labelledby="logo-label"');
    expect(html).toContain('accept="image/png,image/jpeg,image/webp"');
    expect(html).toMatch(/<button[^>]*aria-describedby="logo-hint"[^>]*>Choose image<\/button>/);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Remove');
  });

  it('shows the chosen image from its stored widths at its own size, with Replace and Remove', () => {
    const html = render({ value: logo });
    expect(html).toContain(`src="/img/${logo.id}/800.webp"`);
    expect(html).toContain(
      `srcSet="/img/${logo.id}/320.webp 320w, /img/${logo.id}/640.webp 640w, /img/${logo.id}/800.webp 800w"`,
    );
    expect(html).toContain('width="800" height="400"');
    expect(html).toMatch(/<button[^>]*aria-label="Replace Logo"[^>]*>Replace<\/button>/);
    expect(html).toMatch(/<button[^>]*aria-label="Remove Logo"[^>]*>Remove<\/button>/);
  });

  it('announces an error and ties it to the button', () => {
    const html = render({ value: logo, error: 'Use a PNG, JPEG or WebP image', hint: 'Hint' });
    expect(html).toContain('<p id="logo-error" role="alert" class="text-sm text-red-700">Use a PNG, JPEG or WebP image</p>');
    expect(html).toMatch(/aria-describedby="logo-hint logo-error" aria-invalid="true"/);
  });
});

describe('ImageUpload with an image kept in this browser (chosen before signing in)', () => {
  it("shows the browser's copy and says it is uploaded when the page is published, tied to its button", () => {
    const html = renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <LocalImageUrls.Provider value={new Map([[logo.id, 'blob:http://app.test/logo']])}>
          <ImageUpload id="logo" label="Logo" hint="Hint" value={logo} onChange={() => {}} />
        </LocalImageUrls.Provider>
      </QueryClientProvider>,
    );
    expect(html).toContain('src="blob:http://app.test/logo"');
    expect(html).not.toContain('/img/');
    expect(html).toContain(`<p id="logo-kept" class="basis-full text-sm text-gray-600">${KEPT_LOCALLY_NOTE}</p>`);
    expect(html).toMatch(/<button[^>]*aria-label="Replace Logo"[^>]*aria-describedby="logo-hint logo-kept"/);
  });

  it('says nothing of the kind for an uploaded image', () => {
    expect(render({ value: logo })).not.toContain(KEPT_LOCALLY_NOTE);
  });
});
