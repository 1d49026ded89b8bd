import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsentNotice, ConsentSettings, consentNoticeText } from './consent-notice';

describe('the consent notice', () => {
  it('names exactly what loads after Accept', () => {
    const base = { businessName: 'Acme', customScript: false };
    expect(consentNoticeText({ ...base, meta: '12345' })).toBe(
      'This page uses cookies and tracking by Meta. They load only if you accept.',
    );
    expect(consentNoticeText({ ...base, meta: '12345', google: 'G-ABCD', customScript: true })).toBe(
      'This page uses cookies and tracking by Meta and Google and a script from Acme. They load only if you accept.',
    );
    expect(consentNoticeText({ ...base, businessName: ' ', customScript: true })).toBe(
      'This page uses cookies and tracking by a script from the owner of this page. They load only if you accept.',
    );
  });

  it('is a labelled region, hidden until the loader shows it, with two equal buttons; ids only as data', () => {
    const html = renderToStaticMarkup(
      <ConsentNotice formId="abcdefABCDEF" businessName="<b>Acme</b>" meta="12345" customScript scope="s1" />,
    );
    expect(html).toMatch(/^<section class="ls-cn" aria-label="Cookies and tracking" hidden=""/);
    expect(html).toContain('data-ls-meta="12345"');
    expect(html).not.toContain('data-ls-google');
    expect(html).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(html.match(/<button type="button" class="ls-cn-button" data-ls-choice="(accept|decline)">/g)).toHaveLength(2);
    expect(renderToStaticMarkup(<ConsentSettings />)).toContain('hidden=""');
  });
});
