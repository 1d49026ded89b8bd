import { and, eq, sql } from 'drizzle-orm';
import type { ConversionEvent, MarketingContext } from '@/domain/conversions';
import { type Currency, fromMinorUnits } from '@/domain/money';
import type { Executor } from '@/server/db/client';
import { conversionAccounts, conversionSends, events, leads, payments } from '@/server/db/schema/index';
import type { EventConsumer, EventRow } from '@/server/features/outbox/index';
import { PLATFORMS } from './deliver.js';
import type { ConversionFacts } from './platforms.js';
import { queueSend } from './queue.js';

type PaymentRow = typeof payments.$inferSelect;

/** A purchase's event id: the payment's, so that the browser pixel's Purchase (if one fires) can carry the same. */
export const purchaseEventId = (paymentId: string) => `purchase_${paymentId}`;

const purchaseOf = (payment: PaymentRow): NonNullable<ConversionFacts['purchase']> => ({
  paymentId: payment.id,
  // What was taken for the file, after any discount and before tax, as the provider settled it.
  value: fromMinorUnits(payment.netAmount ?? payment.amount, payment.currency as Currency),
  currency: payment.currency,
});

/**
 * The conversions' part of each event: a confirmed lead is a Lead, a completed payment a Purchase,
 * sent to each destination the workspace connected, only for a visitor who accepted marketing on
 * the page (leads.marketing). A held lead (plan limit) is confirmed when released: its Lead and any
 * Purchase go then. One conversion_sends row per destination and event id, unique: a dispatch that
 * runs again adds nothing.
 */
export const conversionsConsumer: EventConsumer = {
  mayConsume: sql`${events.type} in ('lead.confirmed', 'payment.completed')
    and exists (select 1 from ${conversionAccounts} where ${conversionAccounts.workspaceId} = ${events.workspaceId})
    and exists (select 1 from ${leads} where ${leads.id} = ${events.leadId} and jsonb_typeof(${leads.marketing}) = 'object')`,
  consume: queueConversions,
};

async function queueConversions(tx: Executor, event: EventRow) {
  if ((event.type !== 'lead.confirmed' && event.type !== 'payment.completed') || !event.leadId) return;
  const [lead] = await tx
    .select()
    .from(leads)
    .where(and(eq(leads.id, event.leadId), eq(leads.workspaceId, event.workspaceId)));
  if (!lead?.marketing || lead.heldAt) return;
  const destinations = await tx
    .select({ destination: conversionAccounts.destination })
    .from(conversionAccounts)
    .where(eq(conversionAccounts.workspaceId, event.workspaceId));
  if (destinations.length === 0) return;

  const conversions: Array<{ event: ConversionEvent; eventId: string; at: Date; purchase: ConversionFacts['purchase'] }> = [];
  if (event.type === 'lead.confirmed') {
    conversions.push({ event: 'lead', eventId: lead.marketing.eventId, at: event.createdAt, purchase: null });
  }
  // A payment is sent from its own event, and from the lead's confirmation when that came later (a held lead released).
  const paymentId = (event.payload.data as { payment?: { id?: unknown } }).payment?.id;
  const paid = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.leadId, lead.id),
        event.type === 'payment.completed' && typeof paymentId === 'string' ? eq(payments.id, paymentId) : undefined,
        event.type === 'lead.confirmed' ? eq(payments.status, 'paid') : undefined,
      ),
    );
  for (const payment of paid) {
    // Sent at a release, it is dated then: the platforms refuse events older than a few days.
    const at = event.type === 'payment.completed' ? (payment.paidAt ?? event.createdAt) : event.createdAt;
    conversions.push({ event: 'purchase', eventId: purchaseEventId(payment.id), at, purchase: purchaseOf(payment) });
  }

  for (const conversion of conversions) {
    const facts: ConversionFacts = {
      event: conversion.event,
      eventId: conversion.eventId,
      eventTime: conversion.at,
      email: lead.email,
      marketing: lead.marketing satisfies MarketingContext,
      leadId: lead.id,
      leadCreatedAt: lead.createdAt,
      purchase: conversion.purchase,
    };
    for (const { destination } of destinations) {
      const [inserted] = await tx
        .insert(conversionSends)
        .values({
          workspaceId: event.workspaceId,
          formId: lead.formId,
          leadId: lead.id,
          destination,
          event: conversion.event,
          eventId: conversion.eventId,
          body: PLATFORMS[destination].prepare(facts),
        })
        .onConflictDoNothing()
        .returning({ id: conversionSends.id });
      if (inserted) await queueSend(tx, inserted.id);
    }
  }
}
