import { describe, expect, it } from 'vitest';
import { abTestOn, abTestStarts, variantConfig, variantDesign, withVariantDesign } from './ab-test';
import { defaultFormConfig, DEFAULT_DESIGN, formConfigSchema, type FormConfig } from './form-config';

const page = (patch: Partial<FormConfig> = {}, test: Partial<FormConfig['abTest']> = {}): FormConfig => {
  const config = { ...defaultFormConfig(), title: 'The guide', description: 'All of it', ...patch };
  return { ...config, abTest: { ...config.abTest, enabled: true, title: 'The better guide', ...test } };
};

const BRANDED: FormConfig['design'] = {
  brandColor: '#C2410C',
  background: 'gradient',
  font: 'rounded',
  logo: { id: '0b6a1f4e-3c2d-4e5f-8a9b-1c2d3e4f5a6b', width: 400, height: 120 },
  cover: { id: '1c7b2a5f-4d3e-4f6a-9bac-2d3e4f5a6b7c', width: 1200, height: 800 },
  coverAlt: 'The guide on a desk',
  layout: 'left',
  buttonText: 'Send me the guide',
  formPlacement: 'beside',
};

describe('the variants of a page', () => {
  it('shows A as the page, and B with the test’s title, description and design', () => {
    const config = page({}, { description: 'Shorter', designChanges: { brandColor: '#BE123C', font: 'serif' } });
    expect(variantConfig(config, 'a')).toBe(config);
    const b = variantConfig(config, 'b');
    expect(b).toMatchObject({
      title: 'The better guide',
      description: 'Shorter',
      design: { brandColor: '#BE123C', font: 'serif' },
    });
    expect(b.fields).toBe(config.fields);
    // Blank words keep the page's own.
    expect(variantConfig(page({}, { title: '  ', description: '' }), 'b')).toMatchObject({
      title: 'The guide',
      description: 'All of it',
    });
  });

  it('starts B as a copy of A: changing only its title keeps the brand colour, font, logo, cover and button words', () => {
    const config = page({ design: BRANDED }, { title: 'Only the title differs', designChanges: {} });
    const b = variantConfig(config, 'b');
    expect(b.title).toBe('Only the title differs');
    expect(b.description).toBe('All of it');
    expect(b.design).toEqual(BRANDED);
    // What B does change is B's; the rest still follows the page, even when the page changes later.
    const darker = page({ design: BRANDED }, { designChanges: { background: 'dark' } });
    expect(variantDesign(darker)).toEqual({ ...BRANDED, background: 'dark' });
    const rebranded = { ...darker, design: { ...BRANDED, brandColor: '#0F766E' } };
    expect(variantDesign(rebranded)).toEqual({ ...BRANDED, brandColor: '#0F766E', background: 'dark' });
  });

  it('reads a B saved with the whole default design (before 0061) as the page’s design, with what the owner changed', () => {
    // Untouched: every key is Lodestone's default, none was the owner's choice.
    const untouched = page({ design: BRANDED }, { designChanges: undefined, design: { ...DEFAULT_DESIGN } });
    expect(variantConfig(untouched, 'b').design).toEqual(BRANDED);
    // B's serif font was chosen; the rest was left at the defaults.
    const serif = page({ design: BRANDED }, { designChanges: undefined, design: { ...DEFAULT_DESIGN, font: 'serif' } });
    expect(variantConfig(serif, 'b').design).toEqual({ ...BRANDED, font: 'serif' });
    // A page published with no design at all still has one for B.
    const { design: _none, ...noDesign } = page({}, { designChanges: { font: 'mono' } });
    expect(variantConfig(noDesign as FormConfig, 'b').design).toEqual({ ...DEFAULT_DESIGN, font: 'mono' });
  });

  it('keeps only what B changes when the owner sets its design, and drops the old whole design', () => {
    const test = { ...page({ design: BRANDED }).abTest, design: { ...DEFAULT_DESIGN } };
    const next = withVariantDesign(test, BRANDED, { ...BRANDED, buttonText: 'Send it to me' });
    expect(next.designChanges).toEqual({ buttonText: 'Send it to me' });
    expect(next).not.toHaveProperty('design');
    expect(withVariantDesign(next, BRANDED, BRANDED).designChanges).toEqual({});
  });

  it('keeps the page’s form placement for B once the config is parsed, as the server stores it', () => {
    const parsed = formConfigSchema.parse(page({ design: BRANDED }, { designChanges: {} }));
    expect(parsed.abTest.designChanges).toEqual({});
    expect(variantConfig(parsed, 'b').design.formPlacement).toBe('beside');
  });

  it('reads configs published before tests existed as running none', () => {
    const { abTest: _none, ...old } = defaultFormConfig();
    expect(abTestOn(old as FormConfig)).toBe(false);
    expect(variantConfig(old as FormConfig, 'b')).toBe(old);
    expect(abTestStarts(old as FormConfig, old as FormConfig)).toBe(false);
  });
});

describe('when a test starts (again)', () => {
  it('starts when switched on, and not while it is off', () => {
    expect(abTestStarts(null, page())).toBe(true);
    expect(abTestStarts(page({}, { enabled: false }), page())).toBe(true);
    expect(abTestStarts(page(), page({}, { enabled: false }))).toBe(false);
  });

  it('starts again when the split or what a variant shows changes, not for anything else', () => {
    const before = page();
    expect(abTestStarts(before, page({}, { split: 30 }))).toBe(true);
    expect(abTestStarts(before, page({}, { title: 'Another title' }))).toBe(true);
    expect(abTestStarts(before, page({}, { designChanges: { background: 'dark' } }))).toBe(true);
    expect(abTestStarts(before, page({ title: 'A new title for A' }))).toBe(true);
    expect(abTestStarts(before, page({ design: { ...DEFAULT_DESIGN, brandColor: '#000000' } }))).toBe(true);
    // Both variants alike: the test keeps counting.
    expect(abTestStarts(before, page({ businessName: 'Northwind', doubleOptIn: false }))).toBe(false);
    expect(abTestStarts(before, page({ thankyouMessage: 'Thanks!' }))).toBe(false);
  });

  it('does not start again because the stored JSON lists its keys in another order', () => {
    const before = page();
    const reordered = JSON.parse(
      JSON.stringify(before, (_k, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
      ),
    ) as FormConfig;
    expect(Object.keys(reordered.design)).not.toEqual(Object.keys(before.design));
    expect(abTestStarts(before, reordered)).toBe(false);
  });
});
