import { describe, expect, it } from 'vitest';
import { abTestOn, abTestStarts, variantConfig } from './ab-test';
import { defaultFormConfig, DEFAULT_DESIGN, type FormConfig } from './form-config';

const page = (patch: Partial<FormConfig> = {}, test: Partial<FormConfig['abTest']> = {}): FormConfig => {
  const config = { ...defaultFormConfig(), title: 'The guide', description: 'All of it', ...patch };
  return { ...config, abTest: { ...config.abTest, enabled: true, title: 'The better guide', ...test } };
};

describe('the variants of a page', () => {
  it('shows A as the page, and B with the test’s title, description and design', () => {
    const config = page({}, { description: 'Shorter', design: { ...DEFAULT_DESIGN, brandColor: '#BE123C', font: 'serif' } });
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
    expect(abTestStarts(before, page({}, { design: { ...DEFAULT_DESIGN, background: 'dark' } }))).toBe(true);
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
    expect(Object.keys(reordered.abTest.design)).not.toEqual(Object.keys(before.abTest.design));
    expect(abTestStarts(before, reordered)).toBe(false);
  });
});
