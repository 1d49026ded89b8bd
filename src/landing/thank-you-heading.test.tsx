import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, defaultFormConfig } from '@/domain/form-config';
import { LandingPage } from './landing-page';
import { VisitorThankYou } from './visitor-thank-you';

const thankYou = (heading?: string) =>
  renderToStaticMarkup(
    <VisitorThankYou
      businessName="Acme"
      leadMagnetName="Guide"
      thankyouMessage="Enjoy"
      heading={heading}
      email="a@example.com"
      state="verified"
      token=""
      resendInSeconds={0}
    />,
  );

describe("the owner's thank-you heading", () => {
  it('titles the thank-you page, and "Thank You!" without one', () => {
    expect(thankYou('You are in!')).toContain('<h1 class="ls-title">You are in!</h1>');
    expect(thankYou('')).toContain('<h1 class="ls-title">Thank You!</h1>');
    expect(thankYou()).toContain('<h1 class="ls-title">Thank You!</h1>');
  });

  it('titles the in-page thank-you of the published page and the preview', () => {
    const config = { ...defaultFormConfig(), thankyouHeading: 'Welcome aboard' };
    for (const mode of ['live', 'preview'] as const) {
      const html = renderToStaticMarkup(<LandingPage config={config} mode={mode} state="submitted" />);
      expect(html).toContain('<h2 class="ls-thanks-title">Welcome aboard</h2>');
    }
    const plain = renderToStaticMarkup(<LandingPage config={defaultFormConfig()} mode="preview" state="submitted" />);
    expect(plain).toContain('<h2 class="ls-thanks-title">Thank You!</h2>');
  });

  it('tells the owner in the preview where confirmed visitors go instead', () => {
    const config = { ...defaultFormConfig(), afterSubmit: 'redirect' as const, redirectUrl: 'https://example.com/' };
    const html = renderToStaticMarkup(<LandingPage config={config} mode="preview" state="submitted" />);
    expect(html).toContain('On the published page, confirmed visitors go to your own page instead.');
  });
});

describe('the thank-you page in the landing page’s design', () => {
  it('carries the page’s colours, font and logo, and today’s look for pages saved before designs', () => {
    const design = {
      ...DEFAULT_DESIGN,
      brandColor: '#15803D',
      font: 'serif' as const,
      logo: { id: '00000000-0000-4000-8000-000000000001', width: 400, height: 100 },
    };
    const props = { businessName: 'Acme', leadMagnetName: 'Guide', thankyouMessage: 'Enjoy', email: 'a@example.com' };
    const branded = renderToStaticMarkup(
      <VisitorThankYou {...props} design={design} state="verified" token="" resendInSeconds={0} />,
    );
    const plain = renderToStaticMarkup(<VisitorThankYou {...props} state="verified" token="" resendInSeconds={0} />);
    expect(branded).toContain('Iowan Old Style');
    expect(branded).toMatch(/<img class="ls-logo"[^>]* alt="Acme"/);
    expect(branded).toContain('/img/00000000-0000-4000-8000-000000000001/');
    expect(plain).not.toContain('ls-logo');
    expect(plain).not.toContain('Iowan Old Style');
    expect(branded.match(/style="([^"]*)"/)?.[1]).not.toBe(plain.match(/style="([^"]*)"/)?.[1]);
  });
});
