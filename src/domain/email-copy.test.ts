import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_WORDING,
  emailCopyErrors,
  emailParagraphs,
  emailSender,
  emailSubject,
  fillPlaceholders,
  firstNameOf,
  FIRST_NAME_FALLBACK,
  isEmailAddress,
  mentionsFirstName,
  ownerWordsOf,
  placeholderProblem,
  placeholderValues,
} from './email-copy';
import { DEFAULT_EMAIL_COPY, defaultFormConfig, formConfigSchema, type EmailCopy } from './form-config';

const page = { leadMagnetName: 'The Guide', businessName: 'Acme' };
const copy = (patch: Partial<EmailCopy>): EmailCopy => ({ ...DEFAULT_EMAIL_COPY, ...patch });

describe('placeholders', () => {
  it('fill in what they stand for and leave anything else as typed', () => {
    const values = placeholderValues({ ...page, firstName: 'Ada', code: '123456' });
    expect(fillPlaceholders('Hi {first_name}, {code} gets you {lead_magnet} from {business_name}.', values)).toBe(
      'Hi Ada, 123456 gets you The Guide from Acme.',
    );
    expect(fillPlaceholders('Hi {frist_name} {First_Name} { first_name } {}', values)).toBe(
      'Hi {frist_name} {First_Name} { first_name } {}',
    );
  });

  it('greet a visitor without a name as "there", never "Hi ,"', () => {
    for (const firstName of [undefined, null, '', '   ']) {
      expect(fillPlaceholders('Hi {first_name},', placeholderValues({ ...page, firstName }))).toBe(`Hi ${FIRST_NAME_FALLBACK},`);
    }
  });

  it('are filled in once: a value holding braces is not filled in again', () => {
    const values = placeholderValues({ leadMagnetName: '{business_name}', businessName: 'Acme', code: '1' });
    expect(fillPlaceholders('{lead_magnet} by {business_name}', values)).toBe('{business_name} by Acme');
  });

  it('are checked where they are typed: unknown ones, and the code outside the confirmation subject, get a clear message', () => {
    expect(placeholderProblem('confirmSubject', '{code} for {lead_magnet}, {first_name}')).toBeUndefined();
    expect(placeholderProblem('deliveryText', 'Hi {frist_name}')).toBe(
      'Unknown placeholder {frist_name}. You can use {lead_magnet}, {business_name} and {first_name}.',
    );
    expect(placeholderProblem('confirmSubject', 'Hi {name}')).toBe(
      'Unknown placeholder {name}. You can use {lead_magnet}, {business_name}, {first_name} and {code}.',
    );
    expect(placeholderProblem('confirmText', 'Your code: {code}')).toMatch(/only in the confirmation subject/);
    expect(placeholderProblem('deliverySubject', '{code}')).toMatch(/only in the confirmation subject/);
    expect(placeholderProblem('deliveryText', 'No braces at all, or an { open one')).toBeUndefined();
  });
});

describe("a page's email settings", () => {
  it('parse when absent (pages saved before them) and when left blank', () => {
    const { emails: _absent, ...saved } = defaultFormConfig();
    expect(formConfigSchema.parse(saved).emails).toEqual(DEFAULT_EMAIL_COPY);
    expect(emailCopyErrors(DEFAULT_EMAIL_COPY)).toEqual({});
  });

  it('refuse a Reply-To that is no address and an unknown placeholder, keyed as the editor shows them', () => {
    const bad = copy({ replyTo: 'not an address', confirmText: 'Hi {frist_name}', deliverySubject: '{code}' });
    expect(emailCopyErrors(bad)).toEqual({
      'emails.replyTo': 'Enter an email address like you@example.com',
      'emails.confirmText': expect.stringContaining('Unknown placeholder {frist_name}'),
      'emails.deliverySubject': expect.stringContaining('only in the confirmation subject'),
    });
    const result = formConfigSchema.safeParse({ ...defaultFormConfig(), emails: bad });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths.sort()).toEqual(['emails.confirmText', 'emails.deliverySubject', 'emails.replyTo']);
    const good = copy({ replyTo: ' help@acme.example ', confirmSubject: 'Hi {first_name}: {code}' });
    expect(formConfigSchema.parse({ ...defaultFormConfig(), emails: good }).emails.replyTo).toBe('help@acme.example');
  });

  it('cap their lengths', () => {
    const long = copy({ confirmSubject: 'x'.repeat(201), deliveryText: 'x'.repeat(5001), senderName: 'x'.repeat(101) });
    const result = formConfigSchema.safeParse({ ...defaultFormConfig(), emails: long });
    expect(result.error!.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'emails.confirmSubject',
      'emails.deliveryText',
      'emails.senderName',
    ]);
  });

  it('know an email address', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.example.com']) expect(isEmailAddress(ok), ok).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.com', 'a@b.com\r\nBcc: x@y.com', '"a"@b.com', 'a@b.com, c@d.com', '<a@b.com>'])
      expect(isEmailAddress(bad), bad).toBe(false);
  });
});

describe("an email's words", () => {
  it("are Lodestone's where the owner wrote nothing", () => {
    const values = placeholderValues({ ...page, code: '654321' });
    expect(emailSubject('confirm', '', values)).toBe('654321 is your code for The Guide');
    expect(emailSubject('delivery', '  ', values)).toBe('Your download: The Guide');
    expect(emailParagraphs('delivery', undefined, values)).toEqual([
      ['Here is The Guide. Thank you for requesting it from Acme.'],
    ]);
    expect(emailParagraphs('confirm', '\n \n', values)).toEqual([['Confirm your email address to get The Guide.']]);
    expect(DEFAULT_EMAIL_WORDING.confirmSubject).toContain('{code}');
  });

  it("are the owner's plain text: paragraphs on blank lines, single line breaks kept, markup left as typed", () => {
    const text = 'Hi {first_name},\r\nthanks!\n\n\n  <b>x</b> & more  \n \nBye';
    expect(emailParagraphs('confirm', text, placeholderValues({ ...page, firstName: 'Ada' }))).toEqual([
      ['Hi Ada,', 'thanks!'],
      ['<b>x</b> & more'],
      ['Bye'],
    ]);
  });

  it('give a subject on one line, whatever the owner or the names hold', () => {
    const values = placeholderValues({ leadMagnetName: 'Guide\r\nBcc: x@y.com', businessName: 'Acme', code: '1' });
    expect(emailSubject('delivery', 'Here:\n{lead_magnet}', values)).toBe('Here: Guide Bcc: x@y.com');
  });

  it('go into a job only when the owner wrote some, with the first name only when they use it', () => {
    expect(ownerWordsOf(undefined, 'confirm')).toBeUndefined();
    expect(ownerWordsOf(DEFAULT_EMAIL_COPY, 'delivery')).toBeUndefined();
    expect(ownerWordsOf(copy({ deliveryText: 'Enjoy' }), 'confirm')).toBeUndefined();
    expect(ownerWordsOf(copy({ deliveryText: 'Enjoy' }), 'delivery')).toEqual({ subject: '', text: 'Enjoy' });
    expect(mentionsFirstName({ subject: 'Hi {first_name}', text: '' })).toBe(true);
    expect(mentionsFirstName({ subject: 'Hi', text: 'there' })).toBe(false);
  });
});

describe('the sender', () => {
  it("is the owner's sender name, else the business name, on one line; replies go to the owner's Reply-To, else the account", () => {
    expect(emailSender(copy({ senderName: 'Ada at Acme' }), 'Acme', 'owner@acme.example')).toEqual({
      fromName: 'Ada at Acme',
      replyTo: 'owner@acme.example',
    });
    expect(emailSender(copy({ replyTo: 'help@acme.example' }), ' Acme\r\nBcc: x ', 'owner@acme.example')).toEqual({
      fromName: 'Acme Bcc: x',
      replyTo: 'help@acme.example',
    });
    expect(emailSender(undefined, '', null)).toEqual({});
    // A Reply-To that is somehow no address (not through the schema) is not used.
    expect(emailSender(copy({ replyTo: 'x\r\nBcc: y@z.com' }), 'Acme', null)).toEqual({ fromName: 'Acme' });
  });
});

describe("the visitor's first name", () => {
  const field = (id: string, label: string, type = 'text') => ({ id, label, type });

  it('is a first-name field’s answer, else the first word of a name field’s', () => {
    const fields = [field('email', 'Email', 'email'), field('full', 'Your name'), field('first', 'First Name')];
    expect(firstNameOf(fields, { full: 'Grace Hopper', first: ' Amazing  Grace ' })).toBe('Amazing Grace');
    expect(firstNameOf(fields, { full: '  Grace   Hopper' })).toBe('Grace');
  });

  it('is none for a page without a name field, a blank answer, or labels that name something else', () => {
    const fields = [
      field('c', 'Company name'),
      field('l', 'Last name'),
      field('b', 'Business Name'),
      field('n', 'Name', 'textarea'),
    ];
    expect(firstNameOf(fields, { c: 'Acme', l: 'Hopper', b: 'Shop', n: 'Grace' })).toBeNull();
    expect(firstNameOf([field('n', 'Name')], { n: '   ' })).toBeNull();
    expect(firstNameOf([field('n', 'Name')], {})).toBeNull();
  });
});
