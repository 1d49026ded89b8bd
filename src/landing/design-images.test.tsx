import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { LocalImageUrls } from './design-images';
import { LandingPage } from './landing-page';

// The creator's preview shows a logo and cover chosen before signing in from the browser's own copy
// (docs/decisions/0060); everything else, the published page above all, shows the stored widths.

const LOGO = { id: '0b9e2c55-5f0b-4a8e-9a57-3c2b3f1c7a10', width: 600, height: 200 };
const COVER = { id: '5d1c8a3e-2f4b-4c6d-8e9f-0a1b2c3d4e5f', width: 1600, height: 1000 };

function page(): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    title: 'Grow Your List',
    businessName: 'Acme Ltd',
    leadMagnetName: 'The Growth Guide',
    design: { ...DEFAULT_DESIGN, logo: LOGO, cover: COVER, coverAlt: 'The guide on a desk' },
  };
}

const imgTags = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe('the logo and cover of a page', () => {
  it('come from the stored widths, without local copies', () => {
    const [logo, cover] = imgTags(renderToStaticMarkup(<LandingPage config={page()} mode="live" />));
    expect(logo).toContain(`src="/img/${LOGO.id}/600.webp"`);
    expect(logo).toContain(`srcSet="/img/${LOGO.id}/320.webp 320w, /img/${LOGO.id}/600.webp 600w"`);
    expect(cover).toContain(`src="/img/${COVER.id}/1600.webp"`);
  });

  it("come from the browser's copy when only there, at the same size and with the same words", () => {
    const urls = new Map([
      [LOGO.id, 'blob:http://app.test/logo'],
      [COVER.id, 'blob:http://app.test/cover'],
    ]);
    const html = renderToStaticMarkup(
      <LocalImageUrls.Provider value={urls}>
        <LandingPage config={page()} mode="preview" />
      </LocalImageUrls.Provider>,
    );
    const [logo, cover] = imgTags(html);
    expect(logo).toContain('src="blob:http://app.test/logo"');
    expect(logo).not.toContain('srcSet');
    expect(logo).toContain('alt="Acme Ltd"');
    expect(cover).toContain('src="blob:http://app.test/cover"');
    expect(cover).toContain('width="1600" height="1000"');
    expect(cover).toContain('alt="The guide on a desk"');
    expect(html).not.toContain('/img/');
  });
});
