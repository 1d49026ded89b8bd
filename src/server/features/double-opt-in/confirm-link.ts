import {
  canResend,
  lockLead,
  markVerified,
  recordConfirmation,
  sendCode,
  type ClientMeta,
  type LeadDeps,
} from '@/server/features/submissions';

export type ConfirmOutcome =
  | { kind: 'confirmed' | 'already'; leadId: string }
  /** The link is past its 24 hours (it expires with the code it came with). */
  | { kind: 'expired'; leadId: string; email: string }
  /** Ours, but its page was deleted by its owner (and its leads with it). */
  | { kind: 'gone' }
  /** Not a link we made: damaged or made up. */
  | { kind: 'unknown' };

/** The one-click link in the confirmation email: whoever holds it holds the inbox. */
export async function confirmLink(deps: LeadDeps, token: string, meta: ClientMeta, now = new Date()): Promise<ConfirmOutcome> {
  const checked = deps.tokens.verifyExpiring('confirm', token, now);
  if (!checked) return { kind: 'unknown' };
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, checked.leadId);
    if (!found || found.formDeletedAt) return { kind: 'gone' };
    if (found.lead.status === 'verified') return { kind: 'already', leadId: found.lead.id };
    if (checked.expired) return { kind: 'expired', leadId: found.lead.id, email: found.lead.email };
    await markVerified(deps, tx, found.lead, found, now, { keepCode: true });
    await recordConfirmation(deps, tx, found, 'link', meta, null, now);
    return { kind: 'confirmed', leadId: found.lead.id };
  });
}

export type RenewOutcome = { kind: 'sent' | 'already'; email: string } | { kind: 'wait'; email: string } | { kind: 'unknown' };

/** A new confirmation email for the holder of an expired link (the link proves it reached that inbox). */
export async function renewConfirmation(deps: LeadDeps, token: string, now = new Date()): Promise<RenewOutcome> {
  const checked = deps.tokens.verifyExpiring('confirm', token, now);
  if (!checked) return { kind: 'unknown' };
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, checked.leadId);
    if (!found) return { kind: 'unknown' };
    const { lead } = found;
    if (lead.status === 'verified') return { kind: 'already', email: lead.email };
    if (!canResend(lead, now)) return { kind: 'wait', email: lead.email };
    await sendCode(deps, tx, lead, found, now);
    return { kind: 'sent', email: lead.email };
  });
}
