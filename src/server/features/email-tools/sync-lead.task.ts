import { and, eq } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { EMAIL_TOOL_NAMES, type KitPageSettings, type MailchimpPageSettings } from '@/domain/email-tools';
import { formEmailTools, forms, leadSyncs, leads } from '@/server/db/schema/index';
import { nextAttemptAt } from '@/server/lib/retry-schedule';
import { loadApiKey } from './accounts.js';
import type { EmailToolsDeps } from './deps.js';
import { leadFields } from './lead-fields.js';
import type { ProviderFailure } from './provider-http.js';
import { pushToKit, pushToMailchimp } from './push-lead.js';
import { queueSync, type SyncLeadPayload } from './sync-consumer.js';

export { SYNC_LEAD_TASK } from './sync-consumer.js';

const permanent = (message: string): ProviderFailure => ({ ok: false, kind: 'invalid', status: null, message });

/**
 * One attempt to add a lead to one email tool. HTTP failures never leave this function: a refused
 * key or refused data ends the sync as 'failed' with the provider's message; a 429 waits for its
 * Retry-After (or the retry schedule), a 5xx or network failure follows the schedule (about 3 days),
 * each time as a new job with its run time.
 */
export async function syncLead(deps: EmailToolsDeps, payload: SyncLeadPayload, now = new Date()): Promise<void> {
  const { leadId, provider } = payload;
  const which = and(eq(leadSyncs.leadId, leadId), eq(leadSyncs.provider, provider));
  const [sync] = await deps.db.select().from(leadSyncs).where(which);
  if (!sync || sync.status !== 'pending') return;
  const [row] = await deps.db
    .select({ lead: leads, formName: forms.name, published: forms.published, draft: forms.draft })
    .from(leads)
    .innerJoin(forms, eq(forms.id, leads.formId))
    .where(eq(leads.id, leadId));
  if (!row) return;
  const [target] = await deps.db
    .select({ settings: formEmailTools.settings })
    .from(formEmailTools)
    .where(and(eq(formEmailTools.formId, row.lead.formId), eq(formEmailTools.provider, provider)));
  const apiKey = await loadApiKey(deps, deps.db, sync.workspaceId, provider);
  const name = EMAIL_TOOL_NAMES[provider];

  const lead = {
    email: row.lead.email,
    fields: leadFields(row.published ?? row.draft, row.lead.data),
    pageTag: row.formName.trim() || 'Lodestone',
  };
  const outcome = !target
    ? permanent(`This page no longer sends its leads to ${name}.`)
    : !apiKey
      ? permanent(`${name} was disconnected before this lead could be sent.`)
      : provider === 'mailchimp'
        ? await pushToMailchimp(apiKey, deps.mailchimpApiUrl, target.settings as MailchimpPageSettings, lead)
        : await pushToKit(apiKey, deps.kitApiUrl, target.settings as KitPageSettings, lead);

  const attempts = sync.attempts + 1;
  if (outcome.ok) {
    await deps.db
      .update(leadSyncs)
      .set({ status: 'synced', attempts, lastError: null, remoteId: outcome.value.remoteId, syncedAt: now, updatedAt: now })
      .where(which);
    return;
  }
  const retryable = outcome.kind === 'rate_limited' || outcome.kind === 'unavailable';
  const scheduled = retryable ? nextAttemptAt(attempts, now) : null;
  const runAt =
    scheduled && outcome.retryAfterSeconds !== undefined
      ? new Date(now.getTime() + Math.ceil(outcome.retryAfterSeconds * 1000))
      : scheduled;
  const lastError = outcome.status ? `${outcome.message} (HTTP ${outcome.status})` : outcome.message;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(leadSyncs)
      .set({ status: runAt ? 'pending' : 'failed', attempts, lastError, updatedAt: now })
      .where(which);
    if (runAt) await queueSync(tx, payload, runAt);
  });
}

export const syncLeadTask =
  (deps: EmailToolsDeps): Task =>
  async (payload) => {
    await syncLead(deps, payload as SyncLeadPayload);
  };
