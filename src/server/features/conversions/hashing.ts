import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Meta's `em` and TikTok's `email`: the SHA-256 of the address trimmed and lower-cased. */
export const hashedEmail = (email: string) => sha256(email.trim().toLowerCase());

/**
 * GA4's `sha256_email_address`, normalised as Google's enhanced conversions are: trimmed,
 * lower-cased, and a gmail.com or googlemail.com address without the dots of its local part.
 */
export function googleHashedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const local =
    domain === 'gmail.com' || domain === 'googlemail.com' ? address.slice(0, at).replaceAll('.', '') : address.slice(0, at);
  return sha256(`${local}@${domain}`);
}

/**
 * A GA4 client id for a lead whose browser had no _ga cookie: the same for every event of the lead
 * (its purchase joins its sign-up), in gtag's own shape (a number, a dot, the first visit in seconds).
 */
export function derivedClientId(leadId: string, leadCreatedAt: Date): string {
  return `${parseInt(sha256(leadId).slice(0, 8), 16)}.${Math.floor(leadCreatedAt.getTime() / 1000)}`;
}
