import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isFormId } from '@/domain/ids';
import type { Db } from '@/server/db/client';
import { forms, leads, payments, submissions } from '@/server/db/schema/index';
import type { Tokens } from '@/server/lib/tokens';
import { loadLiveForm } from '@/server/features/submissions';
import { publicNotFound } from './notices.js';

type Deps = { db: Db; tokens: Tokens };
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * On a custom domain, what a visitor's request names (a page, a submission's or a lead's link, a
 * payment's way back) must be of the domain's workspace, or it is not found there
 * (docs/decisions/0055): a domain never shows, confirms or hands out another workspace's anything.
 * A preHandler of the public face (it needs the parsed body), before the route's own lookups; on
 * the pages host it does nothing. Links that are not ours are left to the route, which says 404.
 */
export function customDomainIsolation(deps: Deps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const domain = request.customDomain;
    if (!domain) return;
    const workspaceId = await workspaceNamedBy(deps, request);
    if (workspaceId !== undefined && workspaceId !== domain.workspaceId) return publicNotFound(reply);
  };
}

/** The workspace of what the request names; undefined when it names nothing (or nothing of ours), null when that is gone. */
async function workspaceNamedBy({ db, tokens }: Deps, request: FastifyRequest): Promise<string | null | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const ofSubmission = async (token: string | undefined) => {
    const id = token && tokens.verify('submission', token);
    if (!id) return undefined;
    const [row] = await db
      .select({ workspaceId: forms.workspaceId })
      .from(submissions)
      .innerJoin(forms, eq(forms.id, submissions.formId))
      .where(eq(submissions.id, id));
    return row?.workspaceId ?? null;
  };
  const ofLead = async (leadId: string | null | undefined) => {
    if (!leadId) return undefined;
    const [row] = await db.select({ workspaceId: leads.workspaceId }).from(leads).where(eq(leads.id, leadId));
    return row?.workspaceId ?? null;
  };
  const ofExpiring = (purpose: 'confirm' | 'download', token: string | undefined) =>
    ofLead(token ? tokens.verifyExpiring(purpose, token)?.leadId : undefined);
  const ofPayment = async (token: string | undefined) => {
    const id = token && tokens.verify('payment', token);
    if (!id) return undefined;
    const [row] = await db.select({ workspaceId: payments.workspaceId }).from(payments).where(eq(payments.id, id));
    return row?.workspaceId ?? null;
  };

  switch (request.routeOptions.url) {
    case '/f/:id': {
      const id = text(params.id) ?? '';
      if (!isFormId(id)) return undefined;
      const form = await loadLiveForm(db, id);
      if (!('status' in form)) return form.workspaceId;
      // Offline or never published: whose it is still decides whether this domain may say so.
      const [row] = await db.select({ workspaceId: forms.workspaceId }).from(forms).where(eq(forms.id, id));
      return row?.workspaceId;
    }
    case '/thank-you': {
      const token = text(query.t);
      return (await ofSubmission(token)) ?? ofLead(token ? tokens.verify('inbox', token) : undefined);
    }
    case '/thank-you/verify':
    case '/thank-you/resend':
      return ofSubmission(text(body.t));
    case '/confirm':
      return ofExpiring('confirm', text(query.t));
    case '/confirm/renew':
      return ofExpiring('confirm', text(body.t));
    case '/d/:token':
      return ofExpiring('download', text(params.token));
    case '/pay/cancel':
    case '/pay/paypal/return':
      return ofPayment(text(query.p));
    default:
      return undefined;
  }
}
