import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { afterSubmitMessages } from '@/domain/after-submit';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { MemoryRouter } from '@/web/lib/router';
import { AfterSubmitSection } from './after-submit-section';
import { tabForErrorKey, validateEditor } from '@/web/features/page-creator/editor/editor-model';
import { EmbedSection } from './embed-section';

const config = (patch: Partial<FormConfig> = {}): FormConfig => ({ ...defaultFormConfig(), ...patch });
const afterSubmit = (patch: Partial<FormConfig>, errors: Record<string, string> = {}) =>
  renderToStaticMarkup(<AfterSubmitSection config={config(patch)} errors={errors} onChange={() => {}} />);
const embed = (patch: Partial<FormConfig>, path = '/page-creator', errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialPath={path}>
        <EmbedSection config={config(patch)} errors={errors} onChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the after sign-up section of the Settings tab', () => {
  it('offers the thank-you page (with its heading and message) or the owner’s page', () => {
    const html = afterSubmit({});
    expect(html).toContain('Show the thank-you page');
    expect(html).toContain('Send visitors to my page');
    expect(html).toMatch(/<input(?=[^>]*value="thankYou")(?=[^>]*checked="")[^>]*>/);
    expect(html).toContain('placeholder="Thank You!"');
    expect(html).toContain('Thank-you message');
    expect(html).not.toContain('creator-redirect-url');
  });

  it('asks for the address while visitors are to be sent there, with its error', () => {
    const html = afterSubmit(
      { afterSubmit: 'redirect', redirectUrl: 'http://x' },
      { redirectUrl: afterSubmitMessages.redirectUrlHttps },
    );
    expect(html).toMatch(/<input(?=[^>]*value="redirect")(?=[^>]*checked="")[^>]*>/);
    expect(html).toContain('id="creator-redirect-url"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(afterSubmitMessages.redirectUrlHttps);
  });

  it('sends its errors to the Settings tab, and lets a preview go without the address', () => {
    for (const key of ['redirectUrl', 'thankyouHeading', 'afterSubmit', 'embedOrigins'])
      expect(tabForErrorKey(key)).toBe('settings');
    const unfinished = config({ afterSubmit: 'redirect', redirectUrl: '' });
    expect(validateEditor(unfinished, true, 'preview').redirectUrl).toBeUndefined();
    expect(validateEditor(unfinished, true, 'publish').redirectUrl).toBe(afterSubmitMessages.redirectUrlRequired);
  });
});

describe('the embed section of the Settings tab', () => {
  it('lists the sites, and says a new page gets its code after publishing', () => {
    const html = embed({ embedOrigins: ['https://shop.example.com'] });
    expect(html).toContain('Embed on your site');
    expect(html).toContain('https://shop.example.com');
    expect(html).toContain('aria-label="Remove https://shop.example.com"');
    expect(html).toContain('The embed code appears here once you have published the page.');
  });

  it('shows an error about the list under its input', () => {
    const html = embed({}, '/page-creator', { embedOrigins: 'http://x.com: nope' });
    expect(html).toContain('http://x.com: nope');
    expect(html).toContain('aria-invalid="true"');
  });
});
