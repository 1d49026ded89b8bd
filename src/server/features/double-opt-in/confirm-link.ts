import type { Language } from '@/domain/i18n/languages';
import {
  canResend,
  lockLead,
  markVerified,
  recordConfirmation,
  sendCode,
  type ClientMeta,
  type LeadDeps,
} from '@/server/features/submissions';

/** `language`: the lead's page's, for the page that says what happened. */
export type ConfirmOutcome =
  | { kind: 'confirmed' | 'already'; leadId: string }
  /** The link is past its 24 hours (it expires with the code it came with). */
  | { kind: 'expired'; leadId: string; email: string; language: Language }
  /** Ours, but its page was deleted by its owner (and its leads with it; its language while it can still be read). */
  | { kind: 'gone'; language?: Language }
  /** Not a link we made: damaged or made up. */
  | { kind: 'unknown' };

/** The one-click link in the confirmation email: whoever holds it holds the inbox. */
export async function confirmLink(deps: LeadDeps, token: string, meta: ClientMeta, now = new Date()): Promise<ConfirmOutcome> {
  const checked = deps.tokens.verifyExpiring('confirm', token, now);
  if (!checked) return { kind: 'unknown' };
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, checked.leadId);
    if (!found || found.formDeletedAt) return { kind: 'gone', language: found?.config.language };
    if (found.lead.status === 'verified') return { kind: 'already', leadId: found.lead.id };
    if (checked.expired)
      return { kind: 'expired', leadId: found.lead.id, email: found.lead.email, language: found.config.language };
    await markVerified(deps, tx, found.lead, found, now, { keepCode: true });
    await recordConfirmation(deps, tx, found, 'link', meta, null, now);
    return { kind: 'confirmed', leadId: found.lead.id };
  });
}

export type RenewOutcome = { kind: 'sent' | 'already' | 'wait'; email: string; language: Language } | { kind: 'unknown' };

/** A new confirmation email for the holder of an expired link (the link proves it reached that inbox). */
export async function renewConfirmation(deps: LeadDeps, token: string, now = new Date()): Promise<RenewOutcome> {
  const checked = deps.tokens.verifyExpiring('confirm', token, now);
  if (!checked) return { kind: 'unknown' };
  return deps.db.transaction(async (tx) => {
    const found = await lockLead(tx, checked.leadId);
    if (!found) return { kind: 'unknown' };
    const { lead } = found;
    const { language } = found.config;
    if (lead.status === 'verified') return { kind: 'already', email: lead.email, language };
    if (!canResend(lead, now)) return { kind: 'wait', email: lead.email, language };
    await sendCode(deps, tx, lead, found, now);
    return { kind: 'sent', email: lead.email, language };
  });
}
