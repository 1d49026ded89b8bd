import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_COPY, defaultFormConfig, type EmailCopy, type FormConfig } from '@/domain/form-config';
import { EmailsSection } from './emails-section';
import { isUsableDraftConfig, tabForErrorKey, validateEditor } from '@/web/features/page-creator/editor/editor-model';

const configWith = (emails: Partial<EmailCopy>, patch: Partial<FormConfig> = {}): FormConfig => ({
  ...defaultFormConfig(),
  businessName: 'Acme Books',
  ...patch,
  emails: { ...DEFAULT_EMAIL_COPY, ...emails },
});

const render = (config: FormConfig, errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <EmailsSection config={config} errors={errors} onChange={() => {}} />
    </QueryClientProvider>,
  );

describe('the emails section of the Settings tab', () => {
  it("shows Lodestone's wording as the placeholders, the business name as the sender's, and the placeholders one can use", () => {
    const html = render(configWith({}));
    expect(html).toContain('placeholder="Acme Books"');
    expect(html).toContain('placeholder="Your account email"');
    expect(html).toContain('placeholder="{code} is your code for {lead_magnet}"');
    expect(html).toContain('placeholder="Confirm your email address to get {lead_magnet}."');
    expect(html).toContain('placeholder="Your download: {lead_magnet}"');
    expect(html).toContain('placeholder="Here is {lead_magnet}. Thank you for requesting it from {business_name}."');
    for (const name of ['lead_magnet', 'business_name', 'first_name', 'code']) expect(html).toContain(`{${name}}`);
    expect(html.match(/>Preview</g)).toHaveLength(2);
    expect(html.match(/>Send me a test</g)).toHaveLength(2);
  });

  it('says the confirmation email matters only with double opt-in on', () => {
    expect(render(configWith({}, { doubleOptIn: true }))).toContain('because double opt-in is on');
    expect(render(configWith({}, { doubleOptIn: false }))).toContain('Only sent while double opt-in is on');
  });

  it('flags an unknown placeholder and a bad Reply-To as they are typed, under their inputs', () => {
    const html = render(configWith({ replyTo: 'nope', deliveryText: 'Hi {frist_name}' }));
    expect(html).toContain('id="creator-email-reply-to-error"');
    expect(html).toContain('Enter an email address like you@example.com');
    expect(html).toContain('id="creator-email-delivery-text-error"');
    expect(html).toContain('Unknown placeholder {frist_name}.');
  });

  it('takes a draft kept from before pages had email settings', () => {
    const { emails: _none, ...older } = configWith({});
    expect(render(older as FormConfig)).toContain('placeholder="Your download: {lead_magnet}"');
  });
});

describe("the editor and the emails' errors", () => {
  it('sends emails.* errors to the Settings tab and checks them before a preview or publishing', () => {
    expect(tabForErrorKey('emails.confirmText')).toBe('settings');
    expect(tabForErrorKey('emails.replyTo')).toBe('settings');
    const errors = validateEditor(configWith({ replyTo: 'x@', confirmSubject: '{nope}' }), true, 'publish');
    expect(errors['emails.replyTo']).toBe('Enter an email address like you@example.com');
    expect(errors['emails.confirmSubject']).toContain('Unknown placeholder {nope}');
  });

  it('keeps a draft with a half-typed Reply-To or placeholder (the editor flags it), not one of another shape', () => {
    expect(isUsableDraftConfig(configWith({ replyTo: 'half@typ', confirmText: '{frist_name}' }))).toBe(true);
    expect(isUsableDraftConfig({ ...configWith({}), emails: { senderName: 5 } })).toBe(false);
  });
});
