import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links a visitor holds: the thank-you page, the one-click confirmation, the way back from a payment
 * provider and the download. Each is the lead (or payment) id plus an HMAC with the server secret, so they cannot be guessed or made from an email
 * address, and need no table. Download links also carry their expiry.
 */
export type TokenPurpose = 'lead' | 'confirm' | 'payment' | 'download';
type LinkPurpose = Exclude<TokenPurpose, 'download'>;

export function createTokens(secret: string) {
  const mac = (message: string) => createHmac('sha256', secret).update(message).digest('base64url').slice(0, 32);
  const matches = (expected: string, given: string) =>
    expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));

  return {
    sign(purpose: LinkPurpose, leadId: string): string {
      return `${leadId}.${mac(`${purpose}:${leadId}`)}`;
    },
    /** The lead id, or null when the token was not made by us for this purpose. */
    verify(purpose: LinkPurpose, token: string): string | null {
      const [leadId, signature] = token.split('.');
      if (!leadId || !signature || !/^[0-9a-f-]{36}$/.test(leadId)) return null;
      return matches(mac(`${purpose}:${leadId}`), signature) ? leadId : null;
    },
    signDownload(leadId: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${leadId}.${expires}.${mac(`download:${leadId}:${expires}`)}`;
    },
    verifyDownload(token: string, now = new Date()): { leadId: string } | { expired: true } | null {
      const [leadId, expires, signature] = token.split('.');
      if (!leadId || !expires || !signature || !/^[0-9a-f-]{36}$/.test(leadId) || !/^\d{1,12}$/.test(expires)) return null;
      if (!matches(mac(`download:${leadId}:${expires}`), signature)) return null;
      return Number(expires) * 1000 < now.getTime() ? { expired: true } : { leadId };
    },
    /** HMAC of a verification code, bound to its lead: a leaked table does not give codes away. */
    hashCode: (leadId: string, code: string) => mac(`code:${leadId}:${code}`),
    /** Keyed hash of an IP or user agent: comparable, not reversible without the secret. */
    hashValue: (kind: string, value: string) => mac(`${kind}:${value}`),
    matches,
  };
}

export type Tokens = ReturnType<typeof createTokens>;
