import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@/domain/api-errors';
import { DEFAULT_FOLLOW_UPS, followUpMessages, type FollowUps, type FollowUpStep } from '@/domain/follow-ups';
import type { FollowUpStats } from '@/domain/follow-ups-api';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import type { FormDetail } from '@/domain/forms-api';
import { formKeys } from '@/web/features/forms';
import { isUsableDraftConfig, tabForErrorKey, validateEditor } from '@/web/features/page-creator/editor/editor-model';

import { MemoryRouter } from '@/web/lib/router';
import { EmailPreviewShown, problemOf } from '@/web/features/page-creator/emails/email-try-out';
import { FollowUpsSection } from './follow-ups-section';
import { followUpPreviewBody, previewFollowUp, sendFollowUpTest } from './follow-ups-api';

afterEach(() => vi.unstubAllGlobals());

const step = (id: string, patch: Partial<FollowUpStep> = {}): FollowUpStep => ({
  id,
  delay: 2,
  unit: 'days',
  at: '09:00',
  subject: `Subject ${id}`,
  text: `Hello {first_name}, about ${id}`,
  ...patch,
});

const configWith = (followUps: Partial<FollowUps>, patch: Partial<FormConfig> = {}): FormConfig => ({
  ...defaultFormConfig(),
  businessName: 'Acme Books',
  leadMagnetName: 'The Guide',
  doubleOptIn: true,
  ...patch,
  followUps: { ...DEFAULT_FOLLOW_UPS, timeZone: 'Europe/Paris', ...followUps },
});

const render = (config: FormConfig, errors: Record<string, string> = {}, client = new QueryClient(), path = '/create') =>
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialPath={path}>
        <FollowUpsSection config={config} errors={errors} onChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The markup of the group named `name` (role=group, aria-label), up to the next email's. */
const group = (html: string, name: string) => {
  const start = html.indexOf(`role="group" aria-label="${name}"`);
  expect(start, `no group ${name}`).toBeGreaterThan(-1);
  const next = html.indexOf('role="group" aria-label="Email ', start + 1);
  return html.slice(start, next === -1 ? undefined : next);
};

/** The opening tag that holds `marker` (an attribute, as rendered). */
const tag = (html: string, marker: string) => {
  const at = html.indexOf(marker);
  expect(at, `no ${marker}`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};

const labelled = (html: string, label: string) => new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];

describe('the follow-up emails section of the Settings tab', () => {
  it('offers only "Add email" to a page without a sequence, and says follow-ups are marketing for leads who opted in', () => {
    const html = render(configWith({ steps: [] }));
    expect(html).toContain('Follow-up emails');
    expect(html).toContain('Follow-ups are marketing: they only go to leads who opted in');
    expect(html).toMatch(/<button[^>]*>.*Add email<\/button>/);
    expect(html).not.toContain('role="group"');
    expect(html).not.toContain('Time zone');
  });

  it('shows each email in a group "Email N" with Delay, Unit, Time of day, Subject and Text, its wait in words and its buttons', () => {
    const html = render(configWith({ steps: [step('a', { delay: 1, at: '' }), step('b')] }));
    const first = group(html, 'Email 1');
    const second = group(html, 'Email 2');
    for (const part of [first, second]) {
      for (const label of ['Delay', 'Unit', 'Time of day', 'Subject', 'Text']) expect(labelled(part, label), label).toBeTruthy();
      expect(part).toContain('>Preview</button>');
      expect(part).toContain('>Send me a test</button>');
    }
    expect(first).toContain('1 day after the sign-up is confirmed.');
    expect(second).toContain('2 days after the previous email, at 09:00 (Europe/Paris).');
    expect(second).toContain('value="Subject b"');
    expect(second).toContain('aria-label="Preview email 2"');
    expect(second).toContain('aria-label="Send me a test of email 2"');
  });

  it('counts the first email from the sign-up on a page without double opt-in', () => {
    const html = render(configWith({ steps: [step('a', { at: '' })] }, { doubleOptIn: false }));
    expect(group(html, 'Email 1')).toContain('2 days after sign-up.');
  });

  it('names the move and remove buttons after their email, with no moving past either end', () => {
    const html = render(configWith({ steps: [step('a'), step('b')] }));
    expect(tag(html, 'aria-label="Move email 1 up"')).toContain('disabled=""');
    expect(tag(html, 'aria-label="Move email 1 down"')).not.toContain('disabled=""');
    expect(tag(html, 'aria-label="Move email 2 up"')).not.toContain('disabled=""');
    expect(tag(html, 'aria-label="Move email 2 down"')).toContain('disabled=""');
    expect(group(html, 'Email 2')).toContain('aria-label="Remove email 2"');
  });

  it('stops at ten emails', () => {
    const ten = Array.from({ length: 10 }, (_, i) => step(`s${i}`));
    const html = render(configWith({ steps: ten }));
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Add email<\/button>/);
    expect(html).toContain('A sequence has at most 10 emails.');
  });

  it('offers the time zones, the pause with what it does, and the placeholders of the download email', () => {
    const html = render(configWith({ steps: [step('a')], paused: true }));
    expect(labelled(html, 'Time zone')).toBe('creator-follow-ups-time-zone');
    expect(html).toContain('<option value="Europe/Paris" selected="">Europe/Paris</option>');
    expect(html).toContain('<option value="America/New_York">America/New York</option>');
    expect(tag(html, 'id="creator-follow-ups-paused"')).toContain('aria-checked="true"');
    expect(html).toContain('While paused, no follow-up email is sent');
    expect(html).toContain('Sending is paused');
    expect(html).toContain('{first_name}');
    expect(html).not.toContain('<code class="rounded bg-white px-1 font-mono text-xs text-gray-900">{code}</code>');
  });

  it('asks for consent on the page by default, with the opt-in in Lodestone’s words unless the owner words it', () => {
    const html = render(configWith({ steps: [step('a')] }));
    expect(tag(html, 'value="consent"')).toContain('checked=""');
    expect(tag(html, 'value="other"')).not.toContain('checked=""');
    expect(html).toContain('Ask for consent on the page (recommended)');
    expect(html).toContain('Only leads who tick it get these emails.');
    expect(html).toContain('placeholder="Send me occasional emails from Acme Books"');
    expect(html).not.toContain('Your lawful basis');
  });

  it('asks for the lawful basis, and no opt-in wording, on a page with another basis', () => {
    const html = render(configWith({ steps: [step('a')], basis: 'other' }));
    expect(tag(html, 'value="other"')).toContain('checked=""');
    expect(labelled(html, 'Your lawful basis')).toBe('creator-follow-ups-basis-note');
    expect(tag(html, 'id="creator-follow-ups-basis-note"')).toContain('required=""');
    expect(html).not.toContain('placeholder="Send me occasional emails');
  });
});

describe("the follow-ups' errors", () => {
  const unwritten = configWith({ steps: [step('a'), step('b', { subject: '', text: 'Hi {frist_name}' })], basis: 'other' });

  it('flags an unknown placeholder as it is typed, under its input, but not an empty box before publishing', () => {
    const html = render(unwritten);
    const second = group(html, 'Email 2');
    expect(second).toContain('id="creator-follow-up-b-text-error"');
    expect(second).toContain('Unknown placeholder {frist_name}.');
    expect(second).not.toContain(followUpMessages.subject);
    expect(html).not.toContain(followUpMessages.basisNote);
  });

  it("shows the editor's errors under each input once publishing found them", () => {
    const errors = validateEditor(unwritten, true, 'publish');
    expect(errors['followUps.steps.1.subject']).toBe(followUpMessages.subject);
    expect(errors['followUps.basisNote']).toBe(followUpMessages.basisNote);
    const html = render(unwritten, errors);
    expect(group(html, 'Email 2')).toMatch(/id="creator-follow-up-b-subject-error"[^>]*>Write a subject for this email</);
    expect(group(html, 'Email 1')).not.toContain('-error"');
    expect(html).toMatch(/id="creator-follow-ups-basis-note-error"[^>]*>Say which lawful basis/);
    expect(tag(html, 'id="creator-follow-up-b-subject"')).toContain('aria-invalid="true"');
    expect(tag(html, 'id="creator-follow-up-a-subject"')).not.toContain('aria-invalid="true"');
  });

  it('sends followUps.* errors to the Settings tab', () => {
    expect(tabForErrorKey('followUps.steps.3.subject')).toBe('settings');
    expect(tabForErrorKey('followUps.basisNote')).toBe('settings');
  });

  it('keeps a draft with a sequence in progress, not one of another shape', () => {
    expect(isUsableDraftConfig(unwritten)).toBe(true);
    expect(isUsableDraftConfig({ ...unwritten, followUps: { ...unwritten.followUps, steps: 'many' } })).toBe(false);
  });
});

describe('previewing an email and sending a test', () => {
  const answer = (status: number, body: unknown) => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(JSON.stringify(body), { status })));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  const config = configWith(
    { steps: [step('a', { subject: 'Still there, {first_name}?', text: 'More for you.' })] },
    { emails: { ...defaultFormConfig().emails!, senderName: 'Ada at Acme', replyTo: 'ada@acme.test' }, language: 'fr' },
  );

  it("asks the server to render the email in the page's words, colour, logo and language", async () => {
    const fetch = answer(200, {
      subject: 'Still there, Alex?',
      html: '<p>x</p>',
      text: 'x',
      from: 'Ada at Acme <x@y>',
      replyTo: null,
    });
    await previewFollowUp(followUpPreviewBody(config, config.followUps.steps[0]!));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/forms/follow-up-preview');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      businessName: 'Acme Books',
      leadMagnetName: 'The Guide',
      emails: { senderName: 'Ada at Acme', replyTo: 'ada@acme.test' },
      step: { subject: 'Still there, {first_name}?', text: 'More for you.' },
      design: { brandColor: config.design.brandColor, logo: config.design.logo },
      language: 'fr',
    });
  });

  it('shows the preview’s subject, From and HTML in a frame that runs nothing', () => {
    const html = renderToStaticMarkup(
      <EmailPreviewShown
        name="email 3"
        stale={false}
        preview={{
          subject: 'Still there, Alex?',
          html: '<p>Hi <b>Alex</b></p>',
          text: '',
          from: 'Ada at Acme <hello@acme.test>',
          replyTo: null,
        }}
      />,
    );
    expect(html).toContain('Still there, Alex?');
    expect(html).toContain('Ada at Acme &lt;hello@acme.test&gt;');
    expect(html).toMatch(
      /<iframe sandbox="" srcDoc="&lt;p&gt;Hi &lt;b&gt;Alex&lt;\/b&gt;&lt;\/p&gt;" title="Preview of email 3"/,
    );
    expect(html).not.toContain('You changed this email');
    expect(
      renderToStaticMarkup(
        <EmailPreviewShown name="email 1" stale preview={{ subject: 's', html: '', text: '', from: 'f', replyTo: null }} />,
      ),
    ).toContain('You changed this email since this preview');
  });

  it('sends the test to the test route, and says why when too many were sent', async () => {
    const fetch = answer(200, { to: 'owner@acme.test' });
    await expect(sendFollowUpTest(followUpPreviewBody(config, config.followUps.steps[0]!))).resolves.toEqual({
      to: 'owner@acme.test',
    });
    expect(fetch.mock.calls[0]![0]).toBe('/api/forms/follow-up-test');
    const message = 'You sent 5 test emails in 10 minutes. Try again in a few minutes.';
    answer(429, { code: ErrorCode.RATE_LIMITED, message });
    const error = await sendFollowUpTest(followUpPreviewBody(config, config.followUps.steps[0]!)).catch((e: unknown) => e);
    expect(problemOf(error)).toBe(message);
  });
});

describe("a published page's figures", () => {
  const stats: FollowUpStats = {
    leads: 12,
    sent: 20,
    sentByStep: { a: 12, b: 8 },
    unsubscribed: 1,
    bounced: 1,
    complained: 0,
    bounceRate: 0.05,
    complaintRate: 0,
  };
  const published = configWith({ steps: [step('a', { subject: 'Welcome' }), step('b', { subject: 'Tips' })] });
  const clientWith = (publishedConfig: FormConfig | null) => {
    const client = new QueryClient();
    client.setQueryData(formKeys.detail('f1'), { id: 'f1', published: publishedConfig } as Partial<FormDetail>);
    client.setQueryData(['forms', 'follow-ups', 'f1'], stats);
    return client;
  };

  it('shows leads on the sequence, sent per email, unsubscribed and the rates', () => {
    const html = render(published, {}, clientWith(published), '/create?edit=f1');
    expect(html).toContain('Since the published sequence began');
    for (const text of [
      'Leads on the sequence',
      '>12<',
      'Unsubscribed',
      '5.0%',
      '0.0%',
      'Email 1: Welcome',
      '12 sent',
      'Email 2: Tips',
      '8 sent',
    ])
      expect(html).toContain(text);
  });

  it('shows none for a page not published with a sequence, or a new page', () => {
    expect(render(published, {}, clientWith(null), '/create?edit=f1')).not.toContain('Since the published sequence began');
    expect(render(published, {}, clientWith(configWith({ steps: [] })), '/create?edit=f1')).not.toContain('Since the published');
    expect(render(published, {}, clientWith(published), '/create')).not.toContain('Since the published sequence began');
  });
});
