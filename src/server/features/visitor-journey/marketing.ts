import type { FastifyRequest } from 'fastify';
import { type MarketingContext, postedMarketing } from '@/domain/conversions';
import { RESERVED_NAMES } from '@/domain/form-config';
import { consentScope } from '@/server/features/public-pages/index';
import type { LiveForm } from '@/server/features/submissions';

/**
 * What a sign-up keeps for server-side conversions (docs/decisions/0088): only when the workspace
 * reports any, and only when the visitor accepted exactly what the page's consent notice names now.
 * The page's address is the one the visitor had (with its click ids), else the page's own.
 */
export function marketingOf(
  request: FastifyRequest,
  form: Pick<LiveForm, 'id' | 'config' | 'conversions'>,
  body: Record<string, unknown>,
  publicOrigin: string,
  now = new Date(),
): MarketingContext | null {
  if (!form.conversions?.length) return null;
  const posted = postedMarketing(body, RESERVED_NAMES);
  if (!posted || posted.scope !== consentScope(form)) return null;
  const page = pageUrl(request.headers.referer) ?? new URL(`/f/${form.id}`, publicOrigin);
  const fbclid = page.searchParams.get('fbclid');
  const ttclid = page.searchParams.get('ttclid');
  // Meta's own format for a click id the pixel did not keep as _fbc (its docs: fb.1.{ms}.{fbclid}).
  const fbc = posted.fbc ?? (fbclid ? `fb.1.${now.getTime()}.${fbclid.slice(0, 500)}` : undefined);
  return {
    eventId: posted.eventId,
    at: now.toISOString(),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    pageUrl: page.toString().slice(0, 2000),
    ...(posted.fbp ? { fbp: posted.fbp } : {}),
    ...(fbc ? { fbc } : {}),
    ...(posted.gaClientId ? { gaClientId: posted.gaClientId } : {}),
    ...(ttclid ? { ttclid: ttclid.slice(0, 500) } : {}),
    ...(posted.ttp ? { ttp: posted.ttp } : {}),
  };
}

function pageUrl(referer: string | undefined): URL | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The marketing fields a form posted, as hidden fields for the page again (a page that shows no notice). */
export function carriedMarketing(body: Record<string, unknown>): Record<string, string> {
  const posted = postedMarketing(body, RESERVED_NAMES);
  if (!posted) return {};
  const { scope, eventId, fbp, fbc, gaClientId, ttp } = posted;
  const fields: Record<string, string | undefined> = {
    [RESERVED_NAMES.marketing]: scope,
    [RESERVED_NAMES.eventId]: eventId,
    [RESERVED_NAMES.fbp]: fbp,
    [RESERVED_NAMES.fbc]: fbc,
    [RESERVED_NAMES.gaClientId]: gaClientId,
    [RESERVED_NAMES.ttp]: ttp,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}
