import { CONTACT_CONSENT_TEXT, type ContactFields } from '@/domain/contact';
import type { Db } from '@/server/db/client';
import { contactMessages } from '@/server/db/schema/index';
import type { RateRule } from '@/server/lib/rate-limiter';
import { queueEmail } from '@/server/features/mail/index';

/** Messages from one address (an IPv6 address counts by its /64): enough to correct a mistake, too few to flood. */
export const CONTACT_RATE_LIMIT = { name: 'contact-ip', limit: 5, windowSeconds: 600 } as const satisfies RateRule;

/**
 * Stores the message and, in the same transaction, queues its email to the support address (with
 * the sender as Reply-To): the message is kept if and only if its email will go out.
 */
export async function receiveContactMessage(db: Db, supportEmail: string, fields: ContactFields): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: fields.name,
        email: fields.email,
        topic: fields.topic,
        message: fields.message,
        consentText: CONTACT_CONSENT_TEXT,
      })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    await queueEmail(tx, {
      template: 'contactMessage',
      to: supportEmail,
      replyTo: fields.email,
      props: {
        id: row!.id,
        name: fields.name,
        email: fields.email,
        topic: fields.topic,
        message: fields.message,
        sentAt: row!.createdAt.toISOString(),
      },
    });
    return row!.id;
  });
}
