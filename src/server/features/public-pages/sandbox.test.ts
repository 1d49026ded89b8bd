import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, type SignedUpUser } from '@tests/kit/owner';
import { paidConfig } from '@tests/kit/data';
import { createTestApp, PUBLIC_HOST, type TestApp } from '@tests/setup/app';
import type { FormConfig } from '@/domain/form-config';
import { forms } from '@/server/db/schema/index';
import { OWNER_CODE_SANDBOX } from './document.js';

// A published page that runs its owner's code gets an opaque origin through CSP `sandbox`
// (docs/decisions/0011); the browser side is proven in tests/e2e/origins.spec.ts.

let t: TestApp;
let owner: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  await t.db.execute(sql`update organizations set plan = 'pro'`);
});
afterAll(() => t.close());

const cspOf = async (config: Partial<FormConfig>) => {
  const form = await createForm(t.app, owner, { publish: !config.payment, config });
  // A paid page cannot be published without a connected provider; its published copy is written directly.
  if (config.payment)
    await t.db
      .update(forms)
      .set({ published: sql`draft`, publishedVersion: 1, status: 'active' })
      .where(eq(forms.id, form.id));
  const res = await t.app.inject({ method: 'GET', url: `/f/${form.id}`, headers: { host: PUBLIC_HOST } });
  expect(res.statusCode).toBe(200);
  return (res.headers['content-security-policy'] as string).split(';').map((d) => d.trim());
};

describe('the sandbox of a published page', () => {
  it('is on a page with a custom script or a Tag Manager container, without allow-same-origin', async () => {
    for (const config of [{ customScript: 'document.title = "x";' }, { pixelGoogle: 'GTM-ABC123' }]) {
      const csp = await cspOf(config);
      expect(csp[0], JSON.stringify(config)).toBe(OWNER_CODE_SANDBOX);
      expect(csp.join(';')).not.toContain('allow-same-origin');
      expect(csp.join(';')).not.toContain('allow-top-navigation');
      expect(csp).toContain("form-action 'self'");
    }
  });

  it('keeps a paid page able to post to its checkout', async () => {
    const csp = await cspOf({
      customScript: 'document.title = "x";',
      ...paidConfig(),
    });
    expect(csp[0]).toBe(OWNER_CODE_SANDBOX);
    expect(csp.find((d) => d.startsWith('form-action'))).toMatch(/^form-action 'self' https:\/\//);
  });

  it('is not on pages whose code is only ours or a vendor pixel configured by id', async () => {
    for (const config of [{}, { pixelFacebook: '123456789012345' }, { pixelGoogle: 'G-ABC123XYZ' }]) {
      expect((await cspOf(config)).join(';'), JSON.stringify(config)).not.toContain('sandbox');
    }
  });
});
