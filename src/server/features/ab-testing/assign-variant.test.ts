import { describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig } from '@/domain/form-config';
import { createVariantAssigner, type PageUnderTest } from './assign-variant.js';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

function pageWith(split: number, startedAt: number | null = Date.UTC(2031, 0, 1), enabled = true): PageUnderTest {
  const config: FormConfig = defaultFormConfig();
  return { id: 'Page12345678', config: { ...config, abTest: { ...config.abTest, enabled, split } }, abTestStartedAt: startedAt };
}

describe('assigning a visitor to a variant', () => {
  it('gives the same visitor the same variant every time, on every server', () => {
    const page = pageWith(50);
    const one = createVariantAssigner(SECRET);
    const other = createVariantAssigner(SECRET);
    for (let i = 0; i < 200; i++) {
      const ip = `198.51.100.${i}`;
      const seen = one(page, ip, UA);
      expect(seen === 'a' || seen === 'b').toBe(true);
      expect(one(page, ip, UA)).toBe(seen);
      expect(other(page, ip, UA)).toBe(seen);
    }
  });

  it('matches the split over many visitors', () => {
    const assign = createVariantAssigner(SECRET);
    const n = 20_000;
    for (const split of [50, 10, 90, 1]) {
      const page = pageWith(split);
      let b = 0;
      for (let i = 0; i < n; i++) if (assign(page, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, UA) === 'b') b++;
      // Binomial: 4 standard deviations of n·p(1-p) is at most 1.41 points at n = 20,000.
      expect(Math.abs((b / n) * 100 - split), `split ${split}: ${b} of ${n}`).toBeLessThan(1.5);
    }
    // Every visitor to B at 99, to A at 1? Nearly: the split is a percentage of visitors.
    expect(assign(pageWith(99), '203.0.113.1', UA) === 'b' || assign(pageWith(99), '203.0.113.2', UA) === 'b').toBe(true);
  });

  it('depends on the page, the test’s start, the network, the browser and the secret', () => {
    const visitors = Array.from({ length: 64 }, (_, i) => `192.0.2.${i}`);
    const pattern = (assign: ReturnType<typeof createVariantAssigner>, page: PageUnderTest, ua = UA) =>
      visitors.map((ip) => assign(page, ip, ua)).join('');
    const assign = createVariantAssigner(SECRET);
    const base = pattern(assign, pageWith(50));
    expect(pattern(assign, { ...pageWith(50), id: 'Other1234567' })).not.toBe(base);
    expect(pattern(assign, pageWith(50, Date.UTC(2031, 0, 2)))).not.toBe(base);
    expect(pattern(assign, pageWith(50), `${UA} Other`)).not.toBe(base);
    expect(pattern(createVariantAssigner('another-secret-another-secret-0123'), pageWith(50))).not.toBe(base);
  });

  it('keeps one IPv6 subscriber (a /64) on one variant as its address changes', () => {
    const assign = createVariantAssigner(SECRET);
    const page = pageWith(50);
    const seen = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002:0:0:0:ffff'].map((ip) => assign(page, ip, UA)),
    );
    expect(seen.size).toBe(1);
    // An IPv4-mapped address is its IPv4 address.
    expect(assign(page, '::ffff:198.51.100.7', UA)).toBe(assign(page, '198.51.100.7', UA));
  });

  it('assigns nobody on a page without a running test', () => {
    const assign = createVariantAssigner(SECRET);
    expect(assign(pageWith(50, null), '192.0.2.1', UA)).toBeNull();
    expect(assign(pageWith(50, Date.now(), false), '192.0.2.1', UA)).toBeNull();
    const { abTest: _none, ...old } = defaultFormConfig();
    expect(assign({ id: 'Page12345678', config: old as FormConfig, abTestStartedAt: Date.now() }, '192.0.2.1', UA)).toBeNull();
  });
});
