import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { PLACEHOLDER_HELP, placeholdersFor } from '@/domain/email-copy';
import type { FormConfig } from '@/domain/form-config';
import {
  FOLLOW_UP_LIMITS,
  FOLLOW_UP_UNITS,
  followUpMessages,
  followUpsOf,
  type FollowUps,
  type FollowUpStep,
  type FollowUpUnit,
} from '@/domain/follow-ups';
import { FormAlert } from '@/web/components/form-alert';
import { describedBy, FieldError, TextareaField, TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useFormDetail } from '@/web/features/forms';
import { RemoveButton, SwitchField } from '@/web/features/page-creator/editor/controls';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { EmailTryOut } from '@/web/features/page-creator/emails/email-try-out';
import { useEmailWords } from '@/web/features/page-creator/emails/emails-section';
import { useSearchParams } from '@/web/lib/router';
import { cn } from '@/web/lib/cn';
import {
  followUpFigures,
  newFollowUpStep,
  shownFollowUpErrors,
  typedDelay,
  whenItGoes,
  withStepAdded,
  withStepChanged,
  withStepMoved,
  withStepRemoved,
} from './follow-up-edits';
import { followUpPreviewBody, previewFollowUp, sendFollowUpTest, useFollowUpStats } from './follow-ups-api';

type FollowUpsSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

const SELECT_CLASS =
  'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm';

const UNIT_LABELS: Record<FollowUpUnit, string> = { hours: 'hours', days: 'days' };

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

let timeZones: string[] | undefined;
/** Every time zone the browser knows, read once. */
function knownTimeZones(): string[] {
  timeZones ??= Intl.supportedValuesOf('timeZone');
  return timeZones;
}

/**
 * "Follow-up emails" (src/domain/follow-ups.ts): up to ten emails after the download email, each a
 * wait after the one before, in the owner's words; who may get them (an unticked opt-in on the page,
 * or another lawful basis the owner records); the time zone their times of day are in; a pause; and,
 * for a published page with a sequence, what it has sent so far.
 */
export function FollowUpsSection({ config, errors, onChange }: FollowUpsSectionProps) {
  const followUps = followUpsOf(config);
  const shown = shownFollowUpErrors(followUps, errors);
  const set = (next: FollowUps) => onChange({ followUps: next });
  const { steps } = followUps;
  const atLimit = steps.length >= FOLLOW_UP_LIMITS.steps;

  return (
    <section aria-labelledby="creator-follow-ups-heading" className="grid gap-5 border-t border-gray-200 pt-5">
      <div className="grid gap-1">
        <h2 id="creator-follow-ups-heading" className="text-base font-semibold text-gray-900">
          Follow-up emails
        </h2>
        <p className="text-sm text-gray-600">
          Up to {FOLLOW_UP_LIMITS.steps} emails sent one after the other after the download email. Follow-ups are marketing: they
          only go to leads who opted in to them (or on the lawful basis you record below), and every one has a one-click
          unsubscribe link.
        </p>
      </div>
      {shown.followUps && <FormAlert>{shown.followUps}</FormAlert>}

      {steps.length > 0 && (
        <>
          {followUps.paused && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
              Sending is paused: no follow-up email goes out until you resume it and publish the page.
            </p>
          )}
          <ConsentChoice config={config} followUps={followUps} shown={shown} set={set} />
          <TimeZoneSelect followUps={followUps} error={shown['followUps.timeZone']} set={set} />
          <SwitchField
            id="creator-follow-ups-paused"
            label="Pause sending"
            description="While paused, no follow-up email is sent and leads still join the sequence. When you resume, the emails that fell due meanwhile go out."
            checked={followUps.paused}
            onCheckedChange={(paused) => set({ ...followUps, paused })}
          />
          <PlaceholderHelp />
        </>
      )}

      {steps.length > 0 && (
        <ol className="grid gap-4" aria-label="Follow-up emails">
          {steps.map((step, index) => (
            <li key={step.id}>
              <FollowUpEmail config={config} followUps={followUps} step={step} index={index} shown={shown} set={set} />
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          disabled={atLimit}
          onClick={() => set(withStepAdded(followUps, newFollowUpStep(), browserTimeZone()))}
        >
          <Plus />
          Add email
        </Button>
        {atLimit && <p className="text-sm text-gray-600">A sequence has at most {FOLLOW_UP_LIMITS.steps} emails.</p>}
      </div>
      <FieldError id="creator-follow-ups-steps" error={shown['followUps.steps']} />

      <FollowUpFigures />
    </section>
  );
}

type PartProps = {
  followUps: FollowUps;
  shown: EditorErrors;
  set: (next: FollowUps) => void;
};

/** Who gets the emails: leads who tick the page's unticked opt-in, or all of them on another basis the owner records. */
function ConsentChoice({ config, followUps, shown, set }: PartProps & { config: FormConfig }) {
  const words = useEmailWords(config.language);
  const business = config.businessName.trim() || 'your business';
  const choices = [
    {
      basis: 'consent' as const,
      label: 'Ask for consent on the page (recommended)',
      description: 'The form shows an unticked checkbox. Only leads who tick it get these emails.',
    },
    {
      basis: 'other' as const,
      label: 'I have another lawful basis',
      description: 'The page shows no checkbox and every lead gets these emails. Say which basis lets you.',
    },
  ];
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-gray-900">Who gets these emails</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.basis}
            className={cn(
              'flex cursor-pointer items-start gap-2.5 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
              followUps.basis === choice.basis
                ? 'border-indigo-600 ring-1 ring-indigo-600'
                : 'border-gray-300 hover:border-gray-400',
            )}
          >
            <input
              type="radio"
              name="creator-follow-ups-basis"
              value={choice.basis}
              checked={followUps.basis === choice.basis}
              onChange={() => set({ ...followUps, basis: choice.basis })}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600"
            />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium text-gray-900">{choice.label}</span>
              <span className="text-sm text-gray-600">{choice.description}</span>
            </span>
          </label>
        ))}
      </div>
      {followUps.basis === 'consent' ? (
        <TextField
          id="creator-follow-ups-opt-in"
          label="Checkbox wording (optional)"
          hint="Leave it empty to show the wording in its box, in the page’s language."
          placeholder={words('form.followUps.optIn', { businessName: business })}
          maxLength={FOLLOW_UP_LIMITS.optInText}
          autoComplete="off"
          value={followUps.optInText}
          error={shown['followUps.optInText']}
          onChange={(event) => set({ ...followUps, optInText: event.target.value })}
        />
      ) : (
        <TextareaField
          id="creator-follow-ups-basis-note"
          label="Your lawful basis"
          hint="Required. For example: a soft opt-in for existing customers who bought from you. It is kept as your record."
          maxLength={FOLLOW_UP_LIMITS.basisNote}
          rows={2}
          required
          value={followUps.basisNote}
          error={shown['followUps.basisNote']}
          onChange={(event) => set({ ...followUps, basisNote: event.target.value })}
        />
      )}
    </fieldset>
  );
}

function TimeZoneSelect({ followUps, error, set }: Omit<PartProps, 'shown'> & { error?: string }) {
  const zones = knownTimeZones();
  const id = 'creator-follow-ups-time-zone';
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Time zone</Label>
      <select
        id={id}
        value={followUps.timeZone}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
        onChange={(event) => set({ ...followUps, timeZone: event.target.value })}
        className={SELECT_CLASS}
      >
        {!zones.includes(followUps.timeZone) && <option value={followUps.timeZone}>{followUps.timeZone}</option>}
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replace(/_/g, ' ')}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        The times of day below are in this time zone.
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}

function PlaceholderHelp() {
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-sm text-gray-700">
      <p className="font-medium text-gray-900">Placeholders you can use in follow-ups</p>
      <ul className="mt-1 grid gap-0.5" aria-label="Placeholders you can use in follow-ups">
        {placeholdersFor('deliveryText').map((name) => (
          <li key={name}>
            <code className="rounded bg-white px-1 font-mono text-xs text-gray-900">{`{${name}}`}</code>: {PLACEHOLDER_HELP[name]}
          </li>
        ))}
      </ul>
    </div>
  );
}

type FollowUpEmailProps = PartProps & { config: FormConfig; step: FollowUpStep; index: number };

/** One email of the sequence: when it goes, its words, and its preview and test. */
function FollowUpEmail({ config, followUps, step, index, shown, set }: FollowUpEmailProps) {
  const n = index + 1;
  const name = `Email ${n}`;
  const key = `followUps.steps.${index}`;
  const id = `creator-follow-up-${step.id}`;
  const change = (patch: Partial<Omit<FollowUpStep, 'id'>>) => set(withStepChanged(followUps, index, patch));
  const last = index === followUps.steps.length - 1;
  const usable = placeholdersFor('deliveryText')
    .map((placeholder) => `{${placeholder}}`)
    .join(' ');

  return (
    <div role="group" aria-label={name} className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{name}</h3>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={`Move email ${n} up`}
            disabled={index === 0}
            onClick={() => set(withStepMoved(followUps, index, -1))}
          >
            <ArrowUp />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={`Move email ${n} down`}
            disabled={last}
            onClick={() => set(withStepMoved(followUps, index, 1))}
          >
            <ArrowDown />
          </Button>
          <RemoveButton label={`Remove email ${n}`} onClick={() => set(withStepRemoved(followUps, index))} />
        </div>
      </div>
      <p className="text-sm text-gray-700" data-testid={`follow-up-${n}-when`}>
        {whenItGoes(step, index, followUps.timeZone, config.doubleOptIn)}.
      </p>
      <div className="grid items-start gap-3 sm:grid-cols-3">
        <DelayField id={`${id}-delay`} step={step} error={shown[`${key}.delay`]} change={change} />
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-unit`}>Unit</Label>
          <select
            id={`${id}-unit`}
            value={step.unit}
            onChange={(event) => change({ unit: event.target.value as FollowUpUnit })}
            className={SELECT_CLASS}
          >
            {FOLLOW_UP_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {UNIT_LABELS[unit]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={`${id}-at`}
          label="Time of day"
          hint="Optional: leave it empty to send as soon as the wait is over."
          type="time"
          step={60}
          value={step.at}
          error={shown[`${key}.at`]}
          onChange={(event) => change({ at: event.target.value.slice(0, 5) })}
        />
      </div>
      <TextField
        id={`${id}-subject`}
        label="Subject"
        hint={`Placeholders: ${usable}`}
        maxLength={FOLLOW_UP_LIMITS.subject}
        autoComplete="off"
        value={step.subject}
        error={shown[`${key}.subject`]}
        onChange={(event) => change({ subject: event.target.value })}
      />
      <TextareaField
        id={`${id}-text`}
        label="Text"
        hint="Plain text: a blank line starts a new paragraph. Below it the email always shows an unsubscribe link."
        maxLength={FOLLOW_UP_LIMITS.text}
        rows={5}
        value={step.text}
        error={shown[`${key}.text`]}
        onChange={(event) => change({ text: event.target.value })}
      />
      <EmailTryOut
        name={`email ${n}`}
        body={followUpPreviewBody(config, step)}
        preview={previewFollowUp}
        test={sendFollowUpTest}
      />
    </div>
  );
}

/**
 * The wait before an email. What the owner typed stays in the box while the sequence cannot take it
 * (blank, 2.5, more than a year), with the reason under it; the page keeps the last delay it took.
 */
function DelayField({
  id,
  step,
  error,
  change,
}: {
  id: string;
  step: FollowUpStep;
  error?: string;
  change: (patch: Partial<FollowUpStep>) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const local = typed !== null && typedDelay(typed, step.unit) === null ? followUpMessages.delay : '';
  const shownError = local || error;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Delay</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={typed ?? String(step.delay)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(id, { error: shownError })}
        onChange={(event) => {
          const value = event.target.value;
          const delay = typedDelay(value, step.unit);
          if (delay === null) {
            setTyped(value);
            return;
          }
          setTyped(null);
          change({ delay });
        }}
      />
      <FieldError id={id} error={shownError} />
    </div>
  );
}

/** What a published page's sequence has done so far (a page being edited that is published with one). */
function FollowUpFigures() {
  const [params] = useSearchParams();
  const formId = params.get('edit');
  const detail = useFormDetail(formId);
  const published = detail.data?.published ? followUpsOf(detail.data.published) : null;
  const stats = useFollowUpStats(published && published.steps.length > 0 ? formId : null);
  if (!published || !stats.data) return null;
  return <FollowUpFiguresView figures={followUpFigures(stats.data, published.steps)} />;
}

export function FollowUpFiguresView({ figures }: { figures: ReturnType<typeof followUpFigures> }) {
  return (
    <div className="grid gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <h3 className="text-sm font-semibold text-gray-900">Since the published sequence began</h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {figures.totals.map((figure) => (
          <div key={figure.label} className="grid">
            <dt className="text-gray-600">{figure.label}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <ul aria-label="Sent per email" className="grid gap-0.5 text-sm text-gray-700">
        {figures.perEmail.map((email) => (
          <li key={email.label} className="flex justify-between gap-3">
            <span className="truncate">{email.label}</span>
            <span className="text-gray-900 tabular-nums">{email.sent} sent</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
