import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, workspaceOf } from '@tests/kit/owner';
import { createTestApp, type TestApp } from '@tests/setup/app';
import { leads, payments } from '@/server/db/schema/index';
import { createTokens } from '@/server/lib/tokens';
import { lockPayment, markPaid, markRefunded } from './fulfil.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a payment whose lead was erased', () => {
  it('stays when the lead is deleted, and a late confirmation or refund is recorded without anyone to deliver to', async () => {
    const owner = await createUser(t.app);
    const workspaceId = await workspaceOf(t.db, owner);
    const form = await createForm(t.app, owner, { publish: true });
    const [lead] = await t.db
      .insert(leads)
      .values({ formId: form.id, workspaceId, email: 'erased@example.com', status: 'verified', paymentState: 'awaiting' })
      .returning();
    const id = randomUUID();
    await t.db
      .insert(payments)
      .values({ id, leadId: lead!.id, formId: form.id, workspaceId, provider: 'stripe', amount: 500, currency: 'USD' });

    await t.db.delete(leads).where(eq(leads.id, lead!.id));
    const deps = {
      db: t.db,
      tokens: createTokens(t.config.secret),
      publicOrigin: t.config.publicUrl.origin,
      appOrigin: t.config.appUrl.origin,
    };
    await t.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, { id }, workspaceId);
      expect(payment).toMatchObject({ leadId: null, amount: 500 });
      expect(await markPaid(deps, tx, payment!, 'pi_late')).toBe(true);
    });
    await t.db.transaction(async (tx) => {
      expect(await markRefunded(tx, (await lockPayment(tx, { id }, workspaceId))!, 'pi_late')).toBe(true);
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ leadId: null, status: 'refunded', chargeId: 'pi_late', amount: 500 });
    expect(row!.paidAt).not.toBeNull();
  });
});
