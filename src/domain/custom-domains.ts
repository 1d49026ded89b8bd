import { z } from 'zod';

/**
 * Custom domains (docs/decisions/0055): an owner connects `offers.acme.com` to the workspace. Lodestone asks
 * for two DNS records, checks them now and periodically, and a verified domain serves the
 * workspace's published pages (never the app, never another workspace's page). HTTPS comes from
 * Caddy's on-demand TLS, which asks `TLS_ASK_PATH` before issuing a certificate.
 *
 * This file is the contract between the server (src/server/features/custom-domains) and the
 * screen at /settings/domains.
 */

/** A domain's state: added and not yet proven; serving; serving but its records are gone; no longer serving. */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failing', 'disabled'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What one check found for one record. */
export type RecordCheck = 'ok' | 'missing' | 'mismatch';

export interface DomainCheck {
  /** The TXT record at `_lodestone.{hostname}` holding `txtValue`. */
  txt: RecordCheck;
  /** The CNAME of `{hostname}` to the pages host (or, at an apex, the same addresses as the pages host). */
  cname: RecordCheck;
  /** ISO time of the check. */
  checkedAt: string;
}

/** One domain as the owner API returns it. */
export interface CustomDomainView {
  id: string;
  hostname: string;
  status: DomainStatus;
  /** The records to create. */
  records: {
    txt: { name: string; value: string };
    /** A CNAME to the pages host; an A or AAAA record when the pages host is an IP address. */
    cname: { type: PointingRecordType; name: string; target: string };
  };
  /** The page served at `/` on this domain; null: none (the root is a 404 page). */
  homeFormId: string | null;
  lastCheck: DomainCheck | null;
  verifiedAt: string | null;
  /** When the records were first found gone (status 'failing'). */
  failingSince: string | null;
  /** When a failing domain stops serving unless its records come back. */
  disablesAt: string | null;
  createdAt: string;
}

/** A published page of the workspace and its friendly path on every verified domain (`/{slug}`). */
export interface DomainPageView {
  formId: string;
  title: string;
  slug: string | null;
}

/**
 * GET /api/domains -> DomainsView (every member may read).
 * POST /api/domains { hostname } -> 201 CustomDomainView. Errors: VALIDATION_ERROR (errors.hostname),
 *   PLAN_LIMIT (the plan's customDomainLimit), CONFLICT (already in this workspace).
 * POST /api/domains/:id/verify -> CustomDomainView (checked now; lastCheck says what was found).
 * PATCH /api/domains/:id { homeFormId: string | null } -> CustomDomainView (a published page of the workspace).
 * DELETE /api/domains/:id -> 204.
 * PUT /api/forms/:id/slug { slug: string | null } -> { slug }. Errors: VALIDATION_ERROR (errors.slug), CONFLICT (taken in this workspace).
 * Writes need the owner or admin role.
 */
export interface DomainsView {
  domains: CustomDomainView[];
  /** The plan's allowance: 0 on Free. */
  limit: number;
  /** The pages host every domain's CNAME points at (PUBLIC_URL's hostname). */
  cnameTarget: string;
  pages: DomainPageView[];
}

export type PointingRecordType = 'CNAME' | 'A' | 'AAAA';

/** The record that points a domain at the pages host: a CNAME to its name, or an A/AAAA record to its address. */
export function pointingRecordType(pagesHost: string): PointingRecordType {
  if (pagesHost.includes(':') || pagesHost.startsWith('[')) return 'AAAA';
  return /^[0-9.]+$/.test(pagesHost) ? 'A' : 'CNAME';
}

/** Caddy's on-demand TLS "ask" endpoint: GET {path}?domain={hostname} -> 200 for a serving domain, else 404. */
export const TLS_ASK_PATH = '/internal/tls-ask';

/** Where the TXT record lives and what it holds. */
export const TXT_PREFIX = '_lodestone';
export const txtRecordName = (hostname: string) => `${TXT_PREFIX}.${hostname}`;
export const txtRecordValue = (token: string) => `lodestone-verify=${token}`;

/** How long a domain whose records are gone keeps serving (status 'failing') before it is disabled. */
export const FAILING_GRACE_HOURS = 72;

/** A friendly path: lowercase letters, digits and single hyphens, 1 to 60 characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 60;
/** Paths the public face uses itself, so no page may take them as its slug. */
export const RESERVED_SLUGS = [
  'f',
  'd',
  'img',
  'thank-you',
  'confirm',
  'pay',
  'payments',
  'internal',
  'api',
  'embed.js',
  'robots.txt',
  'favicon.svg',
  'health',
  'healthz',
  'billing',
  'webhooks',
] as const;

/**
 * A hostname an owner may connect: lowercase, at least two labels, each 1-63 letters, digits or
 * hyphens (not at either end), 253 characters at most, not an IP address. A pasted address
 * (`https://offers.example.com/`) stands for its host, and an international name for its ASCII
 * (punycode) form. Returns the normalised name (lowercase, no trailing dot) or null.
 */
export function normaliseHostname(input: string): string | null {
  let name = input.trim().toLowerCase();
  const scheme = /^https?:\/\//.test(name);
  if (scheme || name.includes('/') || /[^\x21-\x7e]/.test(name)) {
    try {
      name = new URL(scheme ? name : `http://${name}`).hostname;
    } catch {
      return null;
    }
  }
  name = name.replace(/\.$/, '');
  if (name.length === 0 || name.length > 253) return null;
  const labels = name.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null; // 10.0.0.1 and the like
  return name;
}

export const domainMessages = {
  hostnameInvalid: 'Enter a domain name such as offers.example.com',
  hostnameReserved: 'This domain belongs to Lodestone itself',
  hostnameTaken: 'This domain is already connected to this workspace',
  hostnameServedElsewhere: 'This domain is already serving another Lodestone workspace',
  planLimit: (limit: number) =>
    limit === 0
      ? 'Custom domains come with the Pro and Business plans'
      : `Your plan includes ${limit} custom ${limit === 1 ? 'domain' : 'domains'}. Remove one or upgrade to add another.`,
  slugInvalid: 'Use lowercase letters, numbers and hyphens (for example, free-guide)',
  slugReserved: 'This path is used by Lodestone itself; choose another',
  slugTaken: 'Another page of this workspace already uses this path',
  homeNotPublished: 'Choose a published page of this workspace',
} as const;

/** Why `slug` may not be a page's friendly path, or null when it may. */
export function slugProblem(slug: string): string | null {
  if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return domainMessages.slugInvalid;
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) return domainMessages.slugReserved;
  return null;
}

/** POST /api/domains: the name as typed; the server answers with its normalised form. */
export const addDomainBodySchema = z.strictObject({
  hostname: z
    .string({ error: domainMessages.hostnameInvalid })
    .max(300, domainMessages.hostnameInvalid)
    .transform((value, ctx) => {
      const name = normaliseHostname(value);
      if (name === null) ctx.addIssue({ code: 'custom', message: domainMessages.hostnameInvalid });
      return name ?? '';
    }),
});
export type AddDomainBody = z.input<typeof addDomainBodySchema>;

/** PATCH /api/domains/:id. */
export const domainPatchBodySchema = z.strictObject({
  homeFormId: z.string({ error: domainMessages.homeNotPublished }).max(100).nullable(),
});
export type DomainPatchBody = z.input<typeof domainPatchBodySchema>;

/** PUT /api/forms/:id/slug: lowercased and trimmed; null or '' takes the slug away. */
export const slugBodySchema = z.strictObject({
  slug: z
    .string({ error: domainMessages.slugInvalid })
    .max(200, domainMessages.slugInvalid)
    .nullable()
    .transform((value, ctx) => {
      const slug = value?.trim().toLowerCase() || null;
      const problem = slug === null ? null : slugProblem(slug);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return slug;
    }),
});
export type SlugBody = z.input<typeof slugBodySchema>;
