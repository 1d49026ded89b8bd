import { z } from 'zod';
import { normaliseHostname, type RecordCheck } from './custom-domains';

/**
 * A workspace's sending domain (docs/decisions/0089): the owner adds `mail.acme.com`, Lodestone
 * makes a DKIM key for it and asks for a DKIM record and an SPF include. Once both are found, every
 * email a visitor gets from the workspace goes From `{localPart}@{domain}`, signed with that key; while
 * it is pending or failing, visitors' emails go from Lodestone's own address as before.
 *
 * This file is the contract between the server (src/server/features/sending-domains) and the
 * sending domain section of /settings/domains.
 */

/** Added and not yet proven; sending; its records gone at the last check (sending from Lodestone's address meanwhile). */
export const SENDING_DOMAIN_STATUSES = ['pending', 'verified', 'failing'] as const;
export type SendingDomainStatus = (typeof SENDING_DOMAIN_STATUSES)[number];

export interface SendingDomainCheck {
  /** The TXT record at `{selector}._domainkey.{domain}` holding the public key. */
  dkim: RecordCheck;
  /** The SPF record of the domain including Lodestone's mail servers. */
  spf: RecordCheck;
  /** ISO time of the check. */
  checkedAt: string;
}

export interface DnsTxtRecord {
  name: string;
  value: string;
}

/** One sending domain as the owner API returns it. */
export interface SendingDomainView {
  id: string;
  /** Lowercase, no trailing dot. */
  domain: string;
  status: SendingDomainStatus;
  /** The part before the @ of the address visitors' emails come from. */
  localPart: string;
  /** `{localPart}@{domain}`. */
  fromAddress: string;
  records: {
    dkim: DnsTxtRecord;
    /**
     * The SPF record to create, or, when the domain had one without Lodestone's include at the last
     * check, that record with the include added (`replaces` is then the record as found).
     */
    spf: DnsTxtRecord & { replaces: string | null };
    /** A suggestion only: not checked, not needed to send. */
    dmarc: DnsTxtRecord;
  };
  lastCheck: SendingDomainCheck | null;
  verifiedAt: string | null;
  /** When the records were first found gone (status 'failing'). */
  failingSince: string | null;
  createdAt: string;
}

/**
 * GET /api/sending-domains -> SendingDomainsView (every member may read).
 * POST /api/sending-domains { domain } -> 201 SendingDomainView. Errors: VALIDATION_ERROR (errors.domain),
 *   CONFLICT (the workspace has one already).
 * POST /api/sending-domains/:id/verify -> SendingDomainView (checked now; lastCheck says what was found).
 * PATCH /api/sending-domains/:id { localPart } -> SendingDomainView. Errors: VALIDATION_ERROR (errors.localPart).
 * DELETE /api/sending-domains/:id -> 204.
 * Writes need the owner or admin role.
 */
export interface SendingDomainsView {
  /** One per workspace; null: none added. */
  domain: SendingDomainView | null;
  /** What every SPF record must include (`include:{spfInclude}`). */
  spfInclude: string;
}

/** The local part a new sending domain starts with. */
export const DEFAULT_LOCAL_PART = 'hello';
export const LOCAL_PART_MAX_LENGTH = 64;
/** Letters, digits and `. _ + -`, starting and ending with a letter or digit, no two dots in a row. */
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._+-]*[a-z0-9])?$/;

export const DKIM_PREFIX = '_domainkey';
export const dkimRecordName = (selector: string, domain: string) => `${selector}.${DKIM_PREFIX}.${domain}`;
export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
export const spfRecordValue = (include: string) => `v=spf1 include:${include} ~all`;
export const dmarcRecordName = (domain: string) => `_dmarc.${domain}`;
export const dmarcRecordValue = (domain: string) => `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`;

/** An SPF record: `v=spf1` and its terms, case aside. */
export const isSpfRecord = (txt: string) => /^v=spf1(\s|$)/i.test(txt.trim());

/** Whether an SPF record's terms include `include` (with any qualifier but `-` or `~`). */
export function spfIncludes(record: string, include: string): boolean {
  const wanted = `include:${include.toLowerCase()}`;
  return record
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .some((term) => term.replace(/^[+?]/, '') === wanted);
}

/**
 * `record` with `include:{include}` added before its `all` (or `redirect=`) term, or at its end: what an
 * owner who already has an SPF record changes it to. One domain may have one SPF record only.
 */
export function spfWithInclude(record: string, include: string): string {
  const terms = record.trim().split(/\s+/);
  const at = terms.findIndex((term, i) => i > 0 && (/^[-~+?]?all$/i.test(term) || /^redirect=/i.test(term)));
  const term = `include:${include}`;
  if (at === -1) return [...terms, term].join(' ');
  return [...terms.slice(0, at), term, ...terms.slice(at)].join(' ');
}

export const sendingDomainMessages = {
  domainInvalid: 'Enter a domain name such as mail.example.com',
  domainReserved: 'This domain belongs to Lodestone itself',
  alreadyHasOne: 'This workspace has a sending domain already. Remove it to add another.',
  localPartInvalid: 'Use letters, numbers, dots, hyphens or underscores (for example, hello)',
} as const;

/** The local part as typed, lowercased, or null when it cannot be one. */
export function normaliseLocalPart(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (value.length === 0 || value.length > LOCAL_PART_MAX_LENGTH) return null;
  if (!LOCAL_PART.test(value) || value.includes('..')) return null;
  return value;
}

/** POST /api/sending-domains: the name as typed; the server answers with its normalised form. */
export const addSendingDomainBodySchema = z.strictObject({
  domain: z
    .string({ error: sendingDomainMessages.domainInvalid })
    .max(300, sendingDomainMessages.domainInvalid)
    .transform((value, ctx) => {
      const name = normaliseHostname(value);
      if (name === null) ctx.addIssue({ code: 'custom', message: sendingDomainMessages.domainInvalid });
      return name ?? '';
    }),
});
export type AddSendingDomainBody = z.input<typeof addSendingDomainBodySchema>;

/** PATCH /api/sending-domains/:id. */
export const sendingDomainPatchBodySchema = z.strictObject({
  localPart: z
    .string({ error: sendingDomainMessages.localPartInvalid })
    .max(200, sendingDomainMessages.localPartInvalid)
    .transform((value, ctx) => {
      const localPart = normaliseLocalPart(value);
      if (localPart === null) ctx.addIssue({ code: 'custom', message: sendingDomainMessages.localPartInvalid });
      return localPart ?? '';
    }),
});
export type SendingDomainPatchBody = z.input<typeof sendingDomainPatchBodySchema>;
