import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '@/domain/ids';

/**
 * Links a visitor holds. Each is an id plus an HMAC with the server secret, so they cannot be
 * guessed or made from an email address, and need no table:
 * - 'submission': the thank-you page of one submission, handed to whoever submitted the form;
 * - 'inbox': the lead's own page, only ever sent to the lead's address (in the download email).
 *   (Its purpose is not 'lead': tokens signed for 'lead' were handed to whoever submitted an address
 *   before submissions had pages of their own, so they open nothing now);
 * - 'payment': the way back from a payment provider;
 * - 'receipt': a paid order's receipt page (`/r/{token}`), sent to the buyer and on their download page;
 * - 'unsubscribe': a lead's way out of its workspace's follow-up emails, in each of them;
 * - 'paid-download': a paid file's download link, naming the payment and its link version (no expiry:
 *   the payment's allowance, in the database, decides; a fresh link bumps the version);
 * - 'confirm' and 'download' links in emails, which also carry their expiry;
 * - 'lead-export': an owner's export file (APP_URL), expiring with the export; it also needs the owner's session.
 */
export type LinkPurpose = 'submission' | 'inbox' | 'payment' | 'receipt' | 'unsubscribe';
export type ExpiringPurpose = 'confirm' | 'download' | 'lead-export';

export function createTokens(secret: string) {
  const mac = (message: string) => createHmac('sha256', secret).update(message).digest('base64url').slice(0, 32);
  const matches = (expected: string, given: string) =>
    expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

  return {
    sign(purpose: LinkPurpose, id: string): string {
      return `${id}.${mac(`${purpose}:${id}`)}`;
    },
    /** The id, or null when the token was not made by us for this purpose. */
    verify(purpose: LinkPurpose, token: string): string | null {
      const [id, signature, extra] = token.split('.');
      if (!id || !signature || extra !== undefined || !isUuid(id)) return null;
      return matches(mac(`${purpose}:${id}`), signature) ? id : null;
    },
    signExpiring(purpose: ExpiringPurpose, leadId: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${leadId}.${expires}.${mac(`${purpose}:${leadId}:${expires}`)}`;
    },
    /**
     * The lead id and whether the link has expired, or null when we did not make it. Confirmation
     * links made before they carried an expiry (id.mac) count as expired.
     */
    verifyExpiring(purpose: ExpiringPurpose, token: string, now = new Date()): { leadId: string; expired: boolean } | null {
      const parts = token.split('.');
      if (purpose === 'confirm' && parts.length === 2) {
        const [leadId, signature] = parts as [string, string];
        return isUuid(leadId) && matches(mac(`confirm:${leadId}`), signature) ? { leadId, expired: true } : null;
      }
      const [leadId, expires, signature, extra] = parts;
      if (!leadId || !expires || !signature || extra !== undefined || !isUuid(leadId) || !/^\d{1,12}$/.test(expires)) {
        return null;
      }
      if (!matches(mac(`${purpose}:${leadId}:${expires}`), signature)) return null;
      return { leadId, expired: Number(expires) * 1000 < now.getTime() };
    },
    signPaidDownload(paymentId: string, version: number): string {
      return `${paymentId}.v${version}.${mac(`paid-download:${paymentId}:${version}`)}`;
    },
    /** The payment and link version of a paid file's link, or null when we did not make it. */
    verifyPaidDownload(token: string): { paymentId: string; version: number } | null {
      const [paymentId, version, signature, extra] = token.split('.');
      if (!paymentId || !version || !signature || extra !== undefined || !isUuid(paymentId) || !/^v\d{1,9}$/.test(version)) {
        return null;
      }
      const number = Number(version.slice(1));
      return matches(mac(`paid-download:${paymentId}:${number}`), signature) ? { paymentId, version: number } : null;
    },
    /** HMAC of a verification code, bound to its lead: a leaked table does not give codes away. */
    hashCode: (leadId: string, code: string) => mac(`code:${leadId}:${code}`),
    /**
     * A six-digit code that `key` (e.g. the submission a follow-up answers) always gives, and nobody
     * can work out without the secret: a job run again after a crash sends the same code.
     */
    codeFor: (key: string) =>
      String(createHmac('sha256', secret).update(`derived-code:${key}`).digest().readUIntBE(0, 6) % 1_000_000).padStart(6, '0'),
    /** Keyed hash of an IP, user agent or email: comparable, not reversible without the secret. */
    hashValue: (kind: string, value: string) => mac(`${kind}:${value}`),
    matches,
  };
}

export type Tokens = ReturnType<typeof createTokens>;
