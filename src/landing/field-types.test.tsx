import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldOf } from '@tests/kit/fields';
import { defaultFormConfig, RESERVED_NAMES, type FieldType, type FormConfig, type FormField } from '@/domain/form-config';
import { CHOOSE_LABEL, hiddenFieldNote, LandingPage } from './landing-page';
import { landingScript } from './landing-script';
import type { LandingPageProps } from './types';

// The field types beyond the prototype's six (dropdown, radio, date, hidden; docs/product.md#fields) and help text, as visitors get them.

const field = (id: string, type: FieldType, patch: Partial<FormField> = {}): FormField =>
  fieldOf(id, type, id[0]!.toUpperCase() + id.slice(1), patch);

function page(...fields: FormField[]): FormConfig {
  const c = defaultFormConfig();
  c.title = 'Grow Your List';
  c.leadMagnetName = 'The Guide';
  c.fields.push(...fields);
  return c;
}

const render = (props: Partial<LandingPageProps> & { config: FormConfig }) =>
  renderToStaticMarkup(<LandingPage mode="live" action="/f/abc" {...props} />);

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  const match = new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no element with id ${id} in ${html}`);
  return match[0];
}
const attr = (tagText: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tagText)?.[1];

describe('a dropdown', () => {
  const size = field('size', 'dropdown', { options: ['Small', 'Large'], required: true });

  it('is a labelled <select> starting on an empty "Choose…" choice, required as configured', () => {
    const html = render({ config: page(size) });
    const select = tag(html, 'ls-f-size');
    expect(select.startsWith('<select')).toBe(true);
    expect(attr(select, 'name')).toBe('size');
    expect(attr(select, 'required')).toBe('');
    expect(attr(select, 'class')).toBe('ls-input');
    expect(html).toContain('<label class="ls-label" for="ls-f-size">Size');
    expect(html).toMatch(
      new RegExp(
        `<select[^>]*id="ls-f-size"[^>]*><option value="" selected="">${CHOOSE_LABEL}</option><option value="Small">Small</option><option value="Large">Large</option></select>`,
      ),
    );
  });

  it("shows the owner's placeholder as the empty choice, and refills the visitor's choice", () => {
    const worded = { ...size, placeholder: 'Pick a size' };
    expect(render({ config: page(worded) })).toContain('<option value="" selected="">Pick a size</option>');
    const again = render({ config: page(size), values: { size: 'Large' } });
    expect(again).toContain('<option value="Large" selected="">Large</option>');
    // Chosen and required: no way back to nothing. Optional: the empty choice stays.
    expect(again).not.toContain(CHOOSE_LABEL);
    expect(render({ config: page({ ...size, required: false }), values: { size: 'Large' } })).toContain(
      `<option value="">${CHOOSE_LABEL}</option>`,
    );
    // A value that is not an option selects nothing.
    expect(render({ config: page(size), values: { size: 'Huge' } })).toContain(
      `<option value="" selected="">${CHOOSE_LABEL}</option>`,
    );
  });
});

describe('a radio group', () => {
  const plan = field('plan', 'radio', {
    options: ['Monthly', 'Yearly <best>'],
    required: true,
    helpText: 'You can change it later.',
  });

  it('is a fieldset with the label as legend and one labelled radio per option, sharing the name', () => {
    const html = render({ config: page(plan), values: { plan: 'Monthly' } });
    const group = tag(html, 'ls-f-plan');
    expect(group.startsWith('<fieldset')).toBe(true);
    expect(attr(group, 'class')).toBe('ls-field ls-choices');
    expect(html).toContain('<legend class="ls-label">Plan<span class="ls-req" aria-hidden="true"> *</span></legend>');
    const [monthly, yearly] = [tag(html, 'ls-f-plan-0'), tag(html, 'ls-f-plan-1')];
    expect(attr(monthly, 'type')).toBe('radio');
    expect(attr(monthly, 'name')).toBe('plan');
    expect(attr(monthly, 'value')).toBe('Monthly');
    expect(attr(monthly, 'checked')).toBe('');
    expect(attr(monthly, 'required')).toBe('');
    expect(attr(yearly, 'value')).toBe('Yearly &lt;best&gt;');
    expect(attr(yearly, 'checked')).toBeUndefined();
    expect(html).toContain('<label for="ls-f-plan-1">Yearly &lt;best&gt;</label>');
    // The help text and an error describe the group.
    expect(attr(group, 'aria-describedby')).toBe('ls-f-plan-help');
    const failed = render({ config: page(plan), errors: { plan: 'This field is required' } });
    expect(attr(tag(failed, 'ls-f-plan'), 'aria-describedby')).toBe('ls-f-plan-help ls-f-plan-error');
    expect(attr(tag(failed, 'ls-f-plan-0'), 'aria-invalid')).toBe('true');
  });
});

describe('a date', () => {
  it('is an <input type="date"> without a placeholder, refilled after an error', () => {
    const html = render({ config: page(field('day', 'date', { placeholder: 'When?' })), values: { day: '2026-03-01' } });
    const input = tag(html, 'ls-f-day');
    expect(attr(input, 'type')).toBe('date');
    expect(attr(input, 'placeholder')).toBeUndefined();
    expect(attr(input, 'value')).toBe('2026-03-01');
  });
});

describe('help text', () => {
  it('shows under any visible field, tied by aria-describedby (with the error when there is one)', () => {
    const config = page(
      field('company', 'text', { helpText: 'As on your invoices' }),
      field('news', 'checkbox', { helpText: 'Once a month' }),
      field('size', 'dropdown', { options: ['S'], helpText: 'Fits most' }),
      field('notes', 'textarea', { helpText: '   ' }),
    );
    const html = render({ config, errors: { company: 'This is too long' } });
    expect(html).toContain('<p id="ls-f-company-help" class="ls-hint">As on your invoices</p>');
    expect(attr(tag(html, 'ls-f-company'), 'aria-describedby')).toBe('ls-f-company-help ls-f-company-error');
    expect(attr(tag(html, 'ls-f-news'), 'aria-describedby')).toBe('ls-f-news-help');
    expect(attr(tag(html, 'ls-f-size'), 'aria-describedby')).toBe('ls-f-size-help');
    // Blank help text is none.
    expect(html).not.toContain('ls-f-notes-help');
    expect(attr(tag(html, 'ls-f-notes'), 'aria-describedby')).toBeUndefined();
    // The help text comes before the error under the field.
    expect(html.indexOf('ls-f-company-help"')).toBeLessThan(html.indexOf('id="ls-f-company-error"'));
  });

  it('reads a field saved before help text existed', () => {
    const { helpText: _, options: __, param: ___, ...old } = field('company', 'text');
    expect(render({ config: page(old as FormField) })).toContain('id="ls-f-company"');
  });
});

/** The hidden input named `name`. */
function hiddenInput(html: string, name: string): string {
  const input = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).find((t) => attr(t, 'name') === name);
  if (!input || attr(input, 'type') !== 'hidden') throw new Error(`no hidden input ${name} in ${html}`);
  return input;
}

describe('a hidden field', () => {
  const source = field('source', 'hidden', { param: 'utm_source', helpText: 'not shown', required: true });

  it('is a hidden input named by its id, marked with its link parameter, empty in the published document', () => {
    const html = render({ config: page(source) });
    const input = hiddenInput(html, 'source');
    expect(attr(input, 'value')).toBe('');
    expect(attr(input, 'data-ls-param')).toBe('utm_source');
    expect(attr(input, 'id')).toBeUndefined();
    expect(html).not.toContain('not shown');
    expect(html).not.toContain('Source');
  });

  it('keeps its value when the page is shown again after a failed POST, escaped', () => {
    const html = render({ config: page(source), values: { source: '"><script>alert(1)</script>' } });
    expect(attr(hiddenInput(html, 'source'), 'value')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('is a note in the preview, not an input', () => {
    const html = renderToStaticMarkup(<LandingPage mode="preview" config={page(source)} />);
    expect(html).toContain('<p class="ls-hint">Hidden: filled from ?utm_source</p>');
    expect(html).not.toContain('name="source"');
    expect(hiddenFieldNote('')).toBe('Hidden: no link parameter chosen yet');
  });
});

/**
 * Runs the landing script against a stand-in document with these inputs and this address, and the
 * referrer field holding `referrerField.value` (none when undefined) in a browser that came from `referrer`.
 */
function runScript(
  search: string,
  inputs: Array<{ param: string; value: string }>,
  { referrer = '', referrerField }: { referrer?: string; referrerField?: { value: string } } = {},
) {
  const elements = inputs.map((input) => ({
    ...input,
    getAttribute: (name: string) => (name === 'data-ls-param' ? input.param : null),
  }));
  const document = {
    referrer,
    querySelectorAll: (selector: string) => (selector === 'input[data-ls-param]' ? elements : []),
    querySelector: (selector: string) => (selector === `input[name=${RESERVED_NAMES.referrer}]` ? (referrerField ?? null) : null),
  };
  new Function('document', 'location', 'window', landingScript)(document, { search }, { addEventListener() {} });
  return elements.map((e) => e.value);
}

describe('the landing script', () => {
  it("fills hidden fields from the page's address, as text, cut to 500 characters", () => {
    const long = 'x'.repeat(600);
    expect(
      runScript(`?utm_source=news%20letter&utm_campaign=%3Cscript%3E&ref=${long}`, [
        { param: 'utm_source', value: '' },
        { param: 'utm_campaign', value: '' },
        { param: 'ref', value: '' },
        { param: 'gclid', value: '' },
      ]),
    ).toEqual(['news letter', '<script>', 'x'.repeat(500), '']);
  });

  it('leaves a value the server put back (the page shown again after a failed POST)', () => {
    expect(runScript('?utm_source=other', [{ param: 'utm_source', value: 'newsletter' }])).toEqual(['newsletter']);
    expect(runScript('', [{ param: 'utm_source', value: '' }])).toEqual(['']);
  });

  it("fills an empty referrer field (a page kept by a shared cache) with the browser's, cut to 500 characters", () => {
    const empty = { value: '' };
    runScript('', [], { referrer: `https://news.example/${'a'.repeat(600)}`, referrerField: empty });
    expect(empty.value).toBe(`https://news.example/${'a'.repeat(600)}`.slice(0, 500));
    const sent = { value: 'https://search.example/' };
    runScript('', [], { referrer: 'https://other.example/', referrerField: sent });
    expect(sent.value).toBe('https://search.example/');
    expect(() => runScript('', [], { referrer: 'https://news.example/' })).not.toThrow();
  });
});
