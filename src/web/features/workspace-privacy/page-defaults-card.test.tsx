import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CaptchaSettings } from '@/domain/captcha-api';
import { DEFAULT_PAGE_DEFAULTS, type PageDefaults } from '@/domain/page-defaults';
import { captchaKeys } from '@/web/features/captcha/api';
import { MemoryRouter } from '@/web/lib/router';
import { PageDefaultsCard } from './page-defaults-card';

const NO_KEYS: CaptchaSettings = { turnstile: null, hcaptcha: null, recaptcha: null };
const HCAPTCHA_KEYS = { siteKey: '10000000-ffff-ffff-ffff-000000000001', maskedSecret: '…0000', savedAt: '2026-11-29T10:00:00Z' };

/** The card as the owner sees it, the workspace's captcha keys already known (or unknown: `keys` undefined). */
function card(saved: Partial<PageDefaults>, keys?: CaptchaSettings) {
  const client = new QueryClient();
  if (keys) client.setQueryData(captchaKeys.settings, keys);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialPath="/dashboard/privacy">
        <PageDefaultsCard saved={{ ...DEFAULT_PAGE_DEFAULTS, ...saved }} manages />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const switchState = (html: string, id: string) =>
  new RegExp(`<button(?=[^>]*id="${id}")[^>]*aria-checked="(true|false)"`).exec(html)?.[1];
const checkedCaptcha = (html: string) =>
  /<input(?=[^>]*name="page-defaults-captcha")(?=[^>]*checked="")[^>]*value="(\w+)"/.exec(html)?.[1];

describe('the Page defaults card’s address checks and captcha', () => {
  it('shows Lodestone’s own to a workspace that never chose: typos and dead domains on, disposable off, no captcha', () => {
    const html = card({}, NO_KEYS);
    expect(html).toContain('Refuse disposable addresses');
    expect(switchState(html, 'page-defaults-address-typos')).toBe('true');
    expect(switchState(html, 'page-defaults-address-deliverable')).toBe('true');
    expect(switchState(html, 'page-defaults-address-disposable')).toBe('false');
    expect(checkedCaptcha(html)).toBe('off');
    expect(html).not.toContain('keys yet');
  });

  it('shows the workspace’s choice, and says when its captcha has no keys, with the way to Integrations', () => {
    const chosen = { addressChecks: { typos: false, deliverable: true, disposable: true }, captcha: 'hcaptcha' } as const;
    const html = card(chosen, NO_KEYS);
    expect(switchState(html, 'page-defaults-address-typos')).toBe('false');
    expect(switchState(html, 'page-defaults-address-disposable')).toBe('true');
    expect(checkedCaptcha(html)).toBe('hcaptcha');
    expect(html).toContain('Your workspace has no hCaptcha keys yet');
    expect(html).toMatch(/<a[^>]*href="\/settings\/integrations"[^>]*>Integrations<\/a>/);
    // With the keys saved, or while they are still loading, nothing to warn of.
    expect(card(chosen, { ...NO_KEYS, hcaptcha: HCAPTCHA_KEYS })).not.toContain('keys yet');
    expect(card(chosen)).not.toContain('keys yet');
  });
});
