import { pageWords } from '@/server/lib/visitor-words';
import { RESERVED_NAMES } from '@/domain/form-config';
import { parseSubmission } from '@/domain/submission';
import { type LeadDeps, type LiveForm, storeSubmission, type VisitMeta } from '@/server/features/submissions';
import { connectedProviders, startCheckout, type CheckoutDeps, readPaymentChoice } from '@/server/features/payments/index';
import { checkFillTime } from '@/server/lib/fill-time';
import type { VisitorLimits } from './visitor-limits.js';

export interface JourneyDeps extends LeadDeps {
  secret: string;
  limits: VisitorLimits;
  checkout: CheckoutDeps;
}

type Values = Record<string, string>;

/** What became of a POST of a published page's form. */
export type SubmitOutcome =
  /** The honeypot was filled or the form was not ours: told it worked, nothing stored. */
  | { kind: 'bot' }
  /** Sent sooner than a person fills a form in (usually the browser's autofill): asked to press once more. */
  | { kind: 'tooFast'; values: Values }
  | { kind: 'rateLimited'; seconds: number }
  | { kind: 'invalid'; errors: Values; values: Values }
  /** A paid page whose provider is not connected (503), or whose provider failed (502). */
  | { kind: 'paymentUnavailable'; values: Values }
  | { kind: 'paymentFailed'; values: Values }
  | { kind: 'checkout'; url: string }
  | { kind: 'thankYou'; submissionId: string };

/**
 * A visitor submits a published page. Whoever submits gets their own submission and its own page,
 * whether or not the address signed up before: nothing of an existing lead is handed out. Nor does
 * the answer depend on the workspace's plan: past its month's sign-ups, leads are stored and held
 * for the owner (decision 0045), and the visitor is served exactly as before.
 */
export async function submitFromPage(
  deps: JourneyDeps,
  form: LiveForm,
  body: Record<string, unknown>,
  meta: VisitMeta,
  log: (err: unknown) => void,
): Promise<SubmitOutcome> {
  const { config } = form;
  const busy = await deps.limits.submission(form.id, meta.ip);
  if (busy) return { kind: 'rateLimited', seconds: busy };

  const words = pageWords(config);
  const checked = parseSubmission(config, body, words);
  if (String(body[RESERVED_NAMES.honeypot] ?? '') !== '') return { kind: 'bot' };
  const fillTime = checkFillTime(deps.secret, String(body[RESERVED_NAMES.renderedAt] ?? ''));
  if (fillTime === 'forged') return { kind: 'bot' };
  if (fillTime === 'tooFast') return { kind: 'tooFast', values: checked.values };

  const choice = config.payment.enabled ? readPaymentChoice(config.payment, body, words) : undefined;
  if (!checked.ok || (choice && !choice.ok)) {
    const errors = { ...(checked.ok ? {} : checked.errors), ...(choice && !choice.ok ? choice.errors : {}) };
    return { kind: 'invalid', errors, values: checked.values };
  }
  const { submission, values } = checked;
  const inboxBusy = await deps.limits.submissionFor(form.id, submission.email);
  if (inboxBusy) return { kind: 'rateLimited', seconds: inboxBusy };
  if (choice && !(await connectedProviders(deps.db, form.workspaceId)).has(choice.provider)) {
    return { kind: 'paymentUnavailable', values };
  }

  const { submissionId, leadId } = await storeSubmission(deps, form, submission, meta);
  if (!choice) return { kind: 'thankYou', submissionId };
  const started = await startCheckout(
    deps.checkout,
    { formId: form.id, workspaceId: form.workspaceId, config, leadId, submissionId, email: submission.email, ...choice },
    log,
  );
  if ('url' in started) return { kind: 'checkout', url: started.url };
  return started.error === 'unavailable' ? { kind: 'paymentUnavailable', values } : { kind: 'paymentFailed', values };
}
