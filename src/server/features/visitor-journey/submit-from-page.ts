import { pageWords } from '@/server/lib/visitor-words';
import { RESERVED_NAMES } from '@/domain/form-config';
import { parseSubmission } from '@/domain/submission';
import { type LeadDeps, type LiveForm, storeSubmission, type VisitMeta } from '@/server/features/submissions';
import { connectedProviders, startCheckout, type CheckoutDeps, readPaymentChoice } from '@/server/features/payments/index';
import { checkFillTime } from '@/server/lib/fill-time';
import { type CaptchaDeps, checkCaptcha } from '@/server/features/captcha/index';
import { addressChecksOf, domainOf } from '@/domain/address-checks';
import { suggestEmail } from '@/domain/email-typos';
import { type DeliverabilityCheck, isDisposableDomain } from '@/server/features/address-checks/index';
import type { VisitorLimits } from './visitor-limits.js';

export interface JourneyDeps extends LeadDeps {
  secret: string;
  limits: VisitorLimits;
  checkout: CheckoutDeps;
  /** The workspaces' captcha keys and the providers' siteverify (features/captcha). */
  captcha: CaptchaDeps;
  /** Whether mail can reach a visitor's domain, from the DNS (features/address-checks). */
  deliverability: DeliverabilityCheck;
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
  /** The address looks like a typo of a common mail domain: the page again with the suggestion, nothing stored. */
  | { kind: 'typo'; values: Values; typed: string; suggested: string }
  /** The page's captcha was not solved, or its token was used before or refused (`misconfigured`: the workspace's secret was). */
  | { kind: 'captchaFailed'; values: Values; provider: string; reason: string; misconfigured?: boolean }
  /** The captcha's provider could not say: refused all the same (fail closed). */
  | { kind: 'captchaUnavailable'; values: Values; provider: string; reason: string }
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
  /** The host the page was opened on: a captcha must have been solved there. */
  visit: { hostname: string },
): Promise<SubmitOutcome> {
  const { config } = form;
  const words = pageWords(config);
  const checks = addressChecksOf(config);
  const emailField = config.fields.find((field) => field.type === 'email');
  const checked = parseSubmission(config, checks.typos && emailField ? acceptedFix(body, emailField.id) : body, words);
  const fillTime = checkFillTime(deps.secret, String(body[RESERVED_NAMES.renderedAt] ?? ''));
  const bot = String(body[RESERVED_NAMES.honeypot] ?? '') !== '' || fillTime === 'forged';
  const choice = config.payment.enabled ? readPaymentChoice(config.payment, body, words) : undefined;
  const goesOn = checked.ok && !bot && fillTime === 'ok' && (!choice || choice.ok);

  // Every submission counts against its sender's address, first; one that goes on (a sign-up, not
  // a bot's, sent too fast or invalid) against its inbox too, where the address was within its limit.
  const busy = await deps.limits.submission(form.id, meta.ip, goesOn ? checked.submission.email : null);
  if (busy.address) return { kind: 'rateLimited', seconds: busy.address };
  if (bot) return { kind: 'bot' };
  if (fillTime === 'tooFast') return { kind: 'tooFast', values: checked.values };
  if (!checked.ok || (choice && !choice.ok)) {
    const errors = { ...(checked.ok ? {} : checked.errors), ...(choice && !choice.ok ? choice.errors : {}) };
    return { kind: 'invalid', errors, values: checked.values };
  }
  const { submission, values } = checked;
  if (busy.inbox) return { kind: 'rateLimited', seconds: busy.inbox };
  if (emailField) {
    const typed = values[emailField.id]!.trim();
    // A likely typo is shown once for the address typed; whatever the visitor sends next is theirs.
    const typo = checks.typos ? suggestEmail(typed) : null;
    const seen = String(body[RESERVED_NAMES.typoSeen] ?? '').trim();
    if (typo && seen.toLowerCase() !== submission.email) {
      return { kind: 'typo', values, typed, suggested: typo.email };
    }
    const domain = domainOf(submission.email);
    const refused =
      checks.disposable && isDisposableDomain(domain)
        ? words('form.error.disposable')
        : checks.deliverable && (await deps.deliverability(domain)) === 'undeliverable'
          ? words('form.error.undeliverable', { domain })
          : null;
    if (refused) return { kind: 'invalid', errors: { [emailField.id]: refused }, values };
  }
  if (choice && !(await connectedProviders(deps.db, form.workspaceId)).has(choice.provider)) {
    return { kind: 'paymentUnavailable', values };
  }

  // Last before storing: a captcha's token is spent by its check, so nothing else may send the visitor back after it.
  const captcha = await checkCaptcha(deps.captcha, form, body, { ip: meta.ip, hostname: visit.hostname });
  if (captcha.kind === 'failed') return { ...captcha, kind: 'captchaFailed', values };
  if (captcha.kind === 'unavailable') return { ...captcha, kind: 'captchaUnavailable', values };

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

/**
 * The posted form with the suggested address in place of the one typed, when the visitor pressed the
 * suggestion's button (a form without JavaScript): only the suggestion for the address as typed is
 * taken, so the button changes nothing else.
 */
function acceptedFix(body: Record<string, unknown>, emailId: string): Record<string, unknown> {
  const fix = body[RESERVED_NAMES.typoFix];
  const typed = body[emailId];
  if (typeof fix !== 'string' || typeof typed !== 'string') return body;
  const typo = suggestEmail(typed);
  return typo && typo.email.toLowerCase() === fix.trim().toLowerCase() ? { ...body, [emailId]: typo.email } : body;
}
