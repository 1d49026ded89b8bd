import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { LandingPage } from './landing-page';
import { PLACEMENT_PREVIEW_NOTE } from './placement-script';

// A placement's frame on the owner's site shows the page's form alone (compact), or the whole page.

const config: FormConfig = {
  ...defaultFormConfig(),
  title: 'The Weekly Letter',
  businessName: 'Acme',
  description: 'One idea a week.',
  privacyPolicy: true,
  privacyPolicyUrl: 'https://acme.example/privacy',
  sections: [{ id: 'cta', hidden: false, type: 'cta', heading: 'Still reading?', text: 'Join us.', buttonText: 'Join' }],
};

describe('a compact placement frame', () => {
  it('shows the title and the form with its consent and privacy link, and none of the rest of the page', () => {
    const html = renderToStaticMarkup(<LandingPage config={config} mode="live" action="/f/x" compact />);
    expect(html).toContain('The Weekly Letter');
    expect(html).toContain('name="email"');
    expect(html).toContain('name="consent"');
    expect(html).toContain('href="https://acme.example/privacy"');
    expect(html).not.toContain('One idea a week.');
    expect(html).not.toContain('Still reading?');
    expect(html).not.toContain('ls-business');
    const whole = renderToStaticMarkup(<LandingPage config={config} mode="live" action="/f/x" />);
    expect(whole).toContain('One idea a week.');
    expect(whole).toContain('Still reading?');
  });

  it("turns the button off in the owner's preview, saying so", () => {
    const html = renderToStaticMarkup(
      <LandingPage config={config} mode="live" action="/f/x" compact signUpsOff={PLACEMENT_PREVIEW_NOTE} />,
    );
    expect(html).toMatch(/<button type="submit"[^>]* disabled=""/);
    expect(html).toContain(PLACEMENT_PREVIEW_NOTE);
    expect(renderToStaticMarkup(<LandingPage config={config} mode="live" action="/f/x" />)).not.toContain(PLACEMENT_PREVIEW_NOTE);
  });
});
