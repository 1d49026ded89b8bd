import { gzipSync } from 'node:zlib';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultFormConfig, newField, type FormConfig, type FormField } from '@/domain/form-config';
import { autocompleteFor } from './autocomplete';
import { consentText } from './consent';
import { landingCss, landingDocumentCss } from './landing-css';
import { LandingPage, LandingStyles, SUBMITTING_LABEL } from './landing-page';
import { landingScript } from './landing-script';
import type { LandingPageProps } from './types';

function config(change: (c: FormConfig) => void = () => {}): FormConfig {
  const c = defaultFormConfig();
  c.title = 'Grow Your List';
  c.description = 'A practical guide.';
  c.businessName = 'Acme Ltd';
  c.leadMagnetName = 'The Growth Guide';
  change(c);
  return c;
}

function render(props: Partial<LandingPageProps> & { config: FormConfig }): string {
  return renderToStaticMarkup(<LandingPage mode="live" action="/f/abc" {...props} />);
}

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with id ${id} in ${html}`);
  return match[0];
}

function attr(tagText: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tagText);
  return match?.[1];
}

const field = (id: string, type: FormField['type'], label: string, required = false): FormField => ({
  id,
  type,
  label,
  placeholder: `Enter ${label.toLowerCase()}`,
  required,
  options: [],
  helpText: '',
  param: '',
});

describe('LandingPage header', () => {
  it('shows the title as h1, the description and the business name, escaping markup', () => {
    const html = render({
      config: config((c) => {
        c.title = '<script>alert(1)</script>';
        c.description = 'Line one\n<b>bold</b>';
      }),
    });
    expect(html).toContain('<h1 class="ls-title">&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    // The description is rich text: its line break kept, raw HTML left out (never markup).
    expect(html).toContain('<div class="ls-rich ls-description"><p>Line one\nbold</p></div>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<p class="ls-business">Acme Ltd</p>');
    expect(html).not.toContain('<script');
  });

  it('is a main landmark when live and a plain block in a preview (the app has its own main)', () => {
    expect(render({ config: config() })).toContain('<main class="ls-container">');
    expect(render({ config: config(), mode: 'preview' })).not.toContain('<main');
  });
});

describe('LandingPage fields', () => {
  it('renders all six field types in order with label, type, name, required and autocomplete', () => {
    const c = config((c) => {
      c.fields.push(
        field('field-name', 'text', 'Full Name', true),
        field('field-age', 'number', 'Age'),
        field('field-phone', 'phone', 'Mobile', true),
        field('field-notes', 'textarea', 'Notes'),
        field('field-news', 'checkbox', 'Send me news'),
      );
    });
    const html = render({ config: c });

    const email = tag(html, 'ls-f-email');
    expect(html).toContain('<label class="ls-label" for="ls-f-email">Email Address');
    expect(attr(email, 'type')).toBe('email');
    expect(attr(email, 'name')).toBe('email');
    expect(attr(email, 'required')).toBe('');
    expect(attr(email, 'autocomplete')).toBe('email');
    expect(attr(email, 'placeholder')).toBe('Enter your email');

    const name = tag(html, 'ls-f-field-name');
    expect(attr(name, 'type')).toBe('text');
    expect(attr(name, 'name')).toBe('field-name');
    expect(attr(name, 'autocomplete')).toBe('name');
    expect(attr(name, 'required')).toBe('');

    const age = tag(html, 'ls-f-field-age');
    expect(attr(age, 'type')).toBe('number');
    expect(attr(age, 'step')).toBe('any');
    expect(attr(age, 'required')).toBeUndefined();

    const phone = tag(html, 'ls-f-field-phone');
    expect(attr(phone, 'type')).toBe('tel');
    expect(attr(phone, 'autocomplete')).toBe('tel');

    const notes = tag(html, 'ls-f-field-notes');
    expect(notes.startsWith('<textarea')).toBe(true);
    expect(attr(notes, 'name')).toBe('field-notes');
    expect(attr(notes, 'placeholder')).toBe('Enter notes');

    const news = tag(html, 'ls-f-field-news');
    expect(attr(news, 'type')).toBe('checkbox');
    expect(attr(news, 'name')).toBe('field-news');
    expect(attr(news, 'value')).toBe('yes');
    expect(html).toContain('<label for="ls-f-field-news">Send me news</label>');

    for (const id of ['email', 'field-name', 'field-age', 'field-phone', 'field-notes', 'field-news']) {
      expect(html).toContain(`for="ls-f-${id}"`);
    }
    const order = ['email', 'field-name', 'field-age', 'field-phone', 'field-notes', 'field-news'].map((id) =>
      html.indexOf(`id="ls-f-${id}"`),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('guesses autocomplete for text fields from their label', () => {
    const text = (label: string) => autocompleteFor({ type: 'text', label });
    expect(text('Full Name')).toBe('name');
    expect(text('Your name')).toBe('name');
    expect(text('First Name')).toBe('given-name');
    expect(text('Last name')).toBe('family-name');
    expect(text('Surname')).toBe('family-name');
    expect(text('Company')).toBe('organization');
    expect(text('Company Name')).toBe('organization');
    expect(text('Job Title')).toBe('organization-title');
    expect(text('Experience Level')).toBe('off');
    expect(autocompleteFor({ type: 'textarea', label: 'Name' })).toBe('off');
    expect(autocompleteFor({ type: 'number', label: 'Company Size' })).toBe('off');
  });

  it('refills values and shows errors under their fields with aria-describedby', () => {
    const c = config((c) => {
      c.fields.push(field('field-notes', 'textarea', 'Notes'), field('field-news', 'checkbox', 'News'));
    });
    const html = render({
      config: c,
      values: { email: 'ann@example.com', 'field-notes': 'hi <there>', 'field-news': 'yes', consent: 'yes' },
      errors: { email: 'Enter a valid email address', consent: 'Please agree to continue' },
    });
    const email = tag(html, 'ls-f-email');
    expect(attr(email, 'value')).toBe('ann@example.com');
    expect(attr(email, 'aria-invalid')).toBe('true');
    expect(attr(email, 'aria-describedby')).toBe('ls-f-email-error');
    expect(html).toContain('<p id="ls-f-email-error" class="ls-error">Enter a valid email address</p>');
    expect(html.indexOf('ls-f-email-error')).toBeGreaterThan(html.indexOf('id="ls-f-email"'));
    expect(html).toContain('>hi &lt;there&gt;</textarea>');
    expect(attr(tag(html, 'ls-f-field-news'), 'checked')).toBe('');
    const consent = tag(html, 'ls-consent');
    expect(attr(consent, 'checked')).toBe('');
    expect(attr(consent, 'aria-describedby')).toBe('ls-consent-error');
    expect(html).toContain('Please agree to continue');
    expect(attr(tag(html, 'ls-f-field-notes'), 'aria-describedby')).toBeUndefined();
  });

  it('shows a form-level error as an alert', () => {
    expect(render({ config: config(), formError: 'Too many attempts' })).toContain(
      '<p class="ls-alert" role="alert">Too many attempts</p>',
    );
  });
});

describe('LandingPage placeholders', () => {
  it("never shows visitors the editor's default 'Enter value', in the live page or the preview", () => {
    const c = config((c) => {
      c.fields.push(
        newField(1),
        { ...newField(2), placeholder: '  Enter value ' },
        { ...newField(3), type: 'textarea', placeholder: 'Enter value' },
        { ...newField(4), placeholder: 'Your company' },
        { ...newField(5), placeholder: '' },
      );
    });
    for (const html of [render({ config: c }), renderToStaticMarkup(<LandingPage config={c} mode="preview" />)]) {
      expect(html).not.toContain('Enter value');
      for (const id of ['field-1', 'field-2', 'field-3', 'field-5'])
        expect(attr(tag(html, `ls-f-${id}`), 'placeholder')).toBeUndefined();
      expect(attr(tag(html, 'ls-f-field-4'), 'placeholder')).toBe('Your company');
      expect(attr(tag(html, 'ls-f-email'), 'placeholder')).toBe('Enter your email');
    }
  });
});

describe('LandingPage consent', () => {
  it('shows a required consent checkbox naming the business when privacyPolicy is on', () => {
    const html = render({ config: config() });
    const consent = tag(html, 'ls-consent');
    expect(attr(consent, 'type')).toBe('checkbox');
    expect(attr(consent, 'name')).toBe('consent');
    expect(attr(consent, 'required')).toBe('');
    expect(consentText({ businessName: 'Acme Ltd' })).toBe('I agree to the privacy policy and to receive emails from Acme Ltd.');
    expect(html).toContain(`<label for="ls-consent">${consentText({ businessName: 'Acme Ltd' })}`);
  });

  it("links 'privacy policy' to the owner's policy in a new tab, the recorded text unchanged", () => {
    const url = 'https://acme.example/privacy?lang=en&v=2';
    for (const mode of ['live', 'preview'] as const) {
      const html = renderToStaticMarkup(
        <LandingPage mode={mode} action="/f/abc" config={config((c) => (c.privacyPolicyUrl = url))} />,
      );
      expect(html).toContain(
        '<label for="ls-consent">I agree to the <a class="ls-policy-link" href="https://acme.example/privacy?lang=en&amp;v=2" target="_blank" rel="noopener noreferrer">privacy policy</a> and to receive emails from Acme Ltd.',
      );
    }
  });

  it('renders a config published before the policy address existed, and never links a non-web address', () => {
    const old = config() as Partial<FormConfig>;
    delete old.privacyPolicyUrl;
    const html = render({ config: old as FormConfig });
    expect(html).toContain(`<label for="ls-consent">${consentText({ businessName: 'Acme Ltd' })}`);
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c', 'acme.example/privacy']) {
      const page = render({ config: config((c) => (c.privacyPolicyUrl = bad)) });
      expect(page, bad).not.toContain('<a ');
      expect(page, bad).toContain(`<label for="ls-consent">${consentText({ businessName: 'Acme Ltd' })}`);
    }
  });

  it('has no consent checkbox when privacyPolicy is off', () => {
    const html = render({ config: config((c) => (c.privacyPolicy = false)) });
    expect(html).not.toContain('name="consent"');
  });

  it('asks only for the privacy policy where the page asks for follow-up emails separately', () => {
    const url = 'https://acme.example/privacy';
    const steps = [{ id: 'tips', delay: 2, unit: 'days' as const, at: '', subject: 'Tips', text: 'Here.' }];
    const withOptIn = config((c) => {
      c.privacyPolicyUrl = url;
      c.followUps = { ...c.followUps, steps };
    });
    expect(consentText(withOptIn)).toBe('I agree to the privacy policy.');
    for (const mode of ['live', 'preview'] as const) {
      const html = renderToStaticMarkup(<LandingPage mode={mode} action="/f/abc" config={withOptIn} />);
      expect(html).toContain(
        `<label for="ls-consent">I agree to the <a class="ls-policy-link" href="${url}" target="_blank" rel="noopener noreferrer">privacy policy</a>.<`,
      );
      expect(html).not.toContain('to receive emails');
      expect(attr(tag(html, 'ls-consent'), 'required')).toBe('');
      expect(attr(tag(html, 'ls-follow-ups'), 'required')).toBeUndefined();
    }
    // A sequence on another lawful basis shows no opt-in, so the page's consent sentence is as before.
    const otherBasis = config((c) => (c.followUps = { ...c.followUps, steps, basis: 'other', basisNote: 'Customers' }));
    expect(consentText(otherBasis)).toBe(consentText({ businessName: 'Acme Ltd' }));
    expect(render({ config: otherBasis })).toContain(`<label for="ls-consent">${consentText({ businessName: 'Acme Ltd' })}`);
  });
});

describe('LandingPage payment', () => {
  it('shows nothing about payment when payment is off', () => {
    const html = render({ config: config() });
    expect(html).not.toContain('ls-payment');
    expect(html).not.toContain('name="provider"');
    expect(html).toContain('>Get The Growth Guide</button>');
  });

  it('shows a fixed price in en-US format with the currency symbol', () => {
    const html = render({ config: config((c) => (c.payment.enabled = true)) });
    expect(html).toContain('Price: <strong>$9.99</strong>');
    expect(html).not.toContain('name="amount"');
    expect(html).toContain('<input type="hidden" name="provider" value="stripe"/>');
    expect(html).toContain('>Continue to payment</button>');

    const sgd = render({
      config: config((c) => Object.assign(c.payment, { enabled: true, currency: 'SGD', fixedAmount: 123456 })),
    });
    expect(sgd).toContain('Price: <strong>S$1,234.56</strong>');
  });

  it('asks pay-what-you-want with min = pwywMinimum and the suggested amount as default', () => {
    const html = render({
      config: config((c) => Object.assign(c.payment, { enabled: true, type: 'pwyw', provider: 'paypal' })),
    });
    const amount = tag(html, 'ls-amount');
    expect(attr(amount, 'type')).toBe('number');
    expect(attr(amount, 'name')).toBe('amount');
    expect(attr(amount, 'min')).toBe('1.00');
    expect(attr(amount, 'step')).toBe('0.01');
    expect(attr(amount, 'value')).toBe('9.99');
    expect(attr(amount, 'required')).toBe('');
    expect(attr(amount, 'aria-describedby')).toBe('ls-amount-hint');
    expect(html).toContain('<label class="ls-label" for="ls-amount">Pay what you want (USD)');
    expect(html).toContain('<p id="ls-amount-hint" class="ls-hint">Minimum $1.00</p>');
    expect(html).toContain('<input type="hidden" name="provider" value="paypal"/>');
  });

  it('uses whole yen for JPY and refills the amount the visitor typed', () => {
    const html = render({
      config: config((c) =>
        Object.assign(c.payment, { enabled: true, type: 'pwyw', currency: 'JPY', pwywMinimum: 500, pwywSuggested: 1500 }),
      ),
      values: { amount: '800' },
      errors: { amount: 'The minimum is ¥500' },
    });
    const amount = tag(html, 'ls-amount');
    expect(attr(amount, 'min')).toBe('500');
    expect(attr(amount, 'step')).toBe('1');
    expect(attr(amount, 'value')).toBe('800');
    expect(attr(amount, 'aria-describedby')).toBe('ls-amount-hint ls-amount-error');
    expect(html).toContain('Minimum ¥500');
    expect(html).toContain('>¥</span>');
  });

  it('offers a provider choice only when the provider is both', () => {
    const html = render({
      config: config((c) => Object.assign(c.payment, { enabled: true, provider: 'both' })),
      values: { provider: 'paypal' },
    });
    expect(html).toContain('<legend class="ls-label">Pay with</legend>');
    const stripe = tag(html, 'ls-provider-stripe');
    const paypal = tag(html, 'ls-provider-paypal');
    expect([attr(stripe, 'type'), attr(stripe, 'name'), attr(stripe, 'value')]).toEqual(['radio', 'provider', 'stripe']);
    expect([attr(paypal, 'type'), attr(paypal, 'name'), attr(paypal, 'value')]).toEqual(['radio', 'provider', 'paypal']);
    expect(attr(stripe, 'checked')).toBeUndefined();
    expect(attr(paypal, 'checked')).toBe('');
    expect(html).toContain('<label for="ls-provider-stripe">Card (Stripe)</label>');
    expect(html).toContain('<label for="ls-provider-paypal">PayPal</label>');
    expect(html).not.toContain('type="hidden" name="provider"');
  });
});

describe('LandingPage form and submit', () => {
  it('is a plain HTML form posting to the action, with the data hooks for the inline script', () => {
    const html = render({ config: config(), hiddenFields: { rt: 'signed-token' }, honeypotName: 'website' });
    expect(html).toMatch(/<form class="ls-form"[^>]*action="\/f\/abc"[^>]*method="post"/);
    expect(html).toContain('data-ls-form=""');
    expect(html).toContain('data-ls-submit=""');
    expect(html).toContain(`data-submitting-label="${SUBMITTING_LABEL}"`);
    expect(html).toContain('<input type="hidden" name="rt" value="signed-token"/>');
    const trap = tag(html, 'ls-hp');
    expect(attr(trap, 'name')).toBe('website');
    expect(attr(trap, 'tabindex')).toBe('-1');
    expect(html).toContain('<div class="ls-hp" aria-hidden="true">');
    expect(landingScript).toContain('data-submitting-label');
    expect(landingScript).toContain('form[data-ls-form]');
  });

  it('in a preview posts nowhere and carries no live-only inputs', () => {
    const html = render({ config: config(), mode: 'preview', hiddenFields: { rt: 'x' }, honeypotName: 'website' });
    expect(html).not.toContain('action=');
    expect(html).not.toContain('name="rt"');
    expect(html).not.toContain('name="website"');
  });

  it('labels the button for a free download when the lead magnet has no name', () => {
    expect(render({ config: config((c) => (c.leadMagnetName = '')) })).toContain('>Get your free download</button>');
  });

  it('renders the same with renderToString twice (no browser globals, nothing time-dependent)', () => {
    const c = config((c) => Object.assign(c.payment, { enabled: true, type: 'pwyw', provider: 'both' }));
    const a = renderToString(<LandingPage config={c} mode="preview" />);
    const b = renderToString(<LandingPage config={c} mode="preview" />);
    expect(a).toBe(b);
  });
});

describe('LandingPage thank-you state', () => {
  it('with double opt-in tells the visitor to confirm by email, and offers no download (nor the message that goes with it)', () => {
    const html = render({ config: config(), state: 'submitted', downloadUrl: '/d/x' });
    expect(html).toContain('Thank You!');
    // The owner's message is shown with the file, as on the live download page: after confirming.
    expect(html).not.toContain('Thank you for subscribing! Check your email for your download.');
    expect(html).toContain('confirmation link');
    expect(html).not.toContain('/d/x');
    expect(html).not.toContain('<form');
  });

  it('without double opt-in offers the Download button linking to the file', () => {
    const html = render({
      config: config((c) => {
        c.doubleOptIn = false;
        c.thankyouMessage = 'Enjoy!';
      }),
      state: 'submitted',
      downloadUrl: '/d/token?x=1&y=2',
    });
    expect(html).toContain('Enjoy!');
    expect(html).toContain('<a class="ls-button" href="/d/token?x=1&amp;y=2">Download The Growth Guide</a>');
    expect(html).not.toContain('confirmation link');
  });

  it('in a preview shows a disabled Download button and says downloads work on the published page', () => {
    const html = render({ config: config((c) => (c.doubleOptIn = false)), mode: 'preview', state: 'submitted' });
    expect(html).toContain('<button type="button" class="ls-button" disabled="">Download The Growth Guide</button>');
    expect(html).toContain('Downloads work on the published page.');
  });
});

describe('landing styles', () => {
  it('are scoped under .ls-page, small, and injected by <LandingStyles />', () => {
    const rules = landingCss.split('\n').filter((line) => !line.startsWith('@media'));
    for (const rule of rules) expect(rule.startsWith('.ls-page')).toBe(true);
    // Every section's look included (sections.tsx): about 3 KB on the wire, of the page's 20 KB budget.
    expect(new TextEncoder().encode(landingDocumentCss).length).toBeLessThan(13 * 1024);
    expect(gzipSync(landingDocumentCss).length).toBeLessThan(3.5 * 1024);
    expect(renderToStaticMarkup(<LandingStyles />)).toBe(`<style>${landingCss}</style>`);
    expect(landingCss).toContain(':focus-visible');
  });
});
