import type { ReactNode } from 'react';
import { MAX_URL_PATTERNS, PLACEMENT_DISPLAYS } from '@/domain/placements';
import { describedBy, FieldError, TextField } from '@/web/components/text-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { Choice } from './choice';
import { DISPLAY_LABELS } from './display-labels';
import type { DraftErrors, PlacementDraft } from './placement-draft';

type PlacementEditorProps = {
  draft: PlacementDraft;
  onChange: (draft: PlacementDraft) => void;
  errors: DraftErrors;
  /** A viewer sees the settings and changes nothing. */
  readOnly: boolean;
  /** Save and Delete, under the fields. */
  actions?: ReactNode;
  onSubmit: () => void;
};

const TRIGGERS = [
  { value: 'load', label: 'After the page loads' },
  { value: 'scroll', label: 'After scrolling' },
  { value: 'exit', label: 'When leaving' },
  { value: 'click', label: 'On a click' },
  { value: 'manual', label: "From your site's code" },
] as const;

/** Every setting of a placement in plain words; fields that do not apply to its display or trigger are not shown. */
export function PlacementEditor({ draft, onChange, errors, readOnly, actions, onSubmit }: PlacementEditorProps) {
  const set = <K extends keyof PlacementDraft>(key: K, value: PlacementDraft[K]) => onChange({ ...draft, [key]: value });
  const popupLike = draft.display !== 'inline';
  const asksSeconds = draft.trigger === 'load' || (draft.trigger === 'exit' && draft.exitMobile === 'time');

  return (
    <form
      noValidate
      aria-label="Placement settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) onSubmit();
      }}
    >
      <fieldset disabled={readOnly} className="grid gap-5">
        <TextField
          id="placement-name"
          label="Name"
          value={draft.name}
          maxLength={80}
          onChange={(event) => set('name', event.target.value)}
          error={errors.name}
          hint="Only you see it: in this list and on the page's analytics."
        />

        <Choice
          name="placement-display"
          legend="Display"
          value={draft.display}
          options={PLACEMENT_DISPLAYS.map((value) => ({ value, label: DISPLAY_LABELS[value] }))}
          onChange={(value) => set('display', value)}
          hint={DISPLAY_HINTS[draft.display]}
        />

        {draft.display === 'inline' && (
          <Choice
            name="placement-inline-content"
            legend="Show"
            value={draft.inlineContent}
            options={[
              { value: 'form', label: 'The form only' },
              { value: 'page', label: 'The whole page' },
            ]}
            onChange={(value) => set('inlineContent', value)}
          />
        )}

        {draft.display === 'bar' && (
          <>
            <TextField
              id="placement-bar-text"
              label="Bar text"
              value={draft.barText}
              maxLength={140}
              placeholder="The page's title"
              onChange={(event) => set('barText', event.target.value)}
              error={errors.barText}
              hint="One short line; its button opens the form. Left empty, the bar shows the page's title."
            />
            <Choice
              name="placement-bar-position"
              legend="Bar position"
              value={draft.barPosition}
              options={[
                { value: 'top', label: 'Top of the window' },
                { value: 'bottom', label: 'Bottom of the window' },
              ]}
              onChange={(value) => set('barPosition', value)}
            />
          </>
        )}

        {draft.display === 'slide-in' && (
          <Choice
            name="placement-corner"
            legend="Corner"
            value={draft.corner}
            options={[
              { value: 'bottom-right', label: 'Bottom right' },
              { value: 'bottom-left', label: 'Bottom left' },
            ]}
            onChange={(value) => set('corner', value)}
          />
        )}

        {popupLike && (
          <Choice
            name="placement-trigger"
            legend={draft.display === 'bar' ? 'Show the bar' : 'Open it'}
            value={draft.trigger}
            options={TRIGGERS}
            onChange={(value) => set('trigger', value)}
            hint={TRIGGER_HINTS[draft.trigger]}
          />
        )}

        {popupLike && draft.trigger === 'exit' && (
          <Choice
            name="placement-exit-mobile"
            legend="On phones and tablets (no pointer to leave the page)"
            value={draft.exitMobile}
            options={[
              { value: 'scroll-up', label: 'After a quick scroll back up' },
              { value: 'time', label: 'After some seconds' },
            ]}
            onChange={(value) => set('exitMobile', value)}
          />
        )}

        {popupLike && asksSeconds && (
          <NumberField
            id="placement-delay"
            label={draft.trigger === 'exit' ? 'Seconds on the page before it opens on phones' : 'Seconds after the page loads'}
            unit="seconds"
            value={draft.delaySeconds}
            onChange={(value) => set('delaySeconds', value)}
            error={errors.delaySeconds}
          />
        )}

        {popupLike && draft.trigger === 'scroll' && (
          <NumberField
            id="placement-scroll"
            label="How far down the page"
            unit="% scrolled"
            value={draft.scrollPercent}
            onChange={(value) => set('scrollPercent', value)}
            error={errors.scrollPercent}
          />
        )}

        <Choice
          name="placement-devices"
          legend="Devices"
          value={draft.devices}
          options={[
            { value: 'all', label: 'Phones and computers' },
            { value: 'mobile', label: 'Phones only' },
            { value: 'desktop', label: 'Computers only' },
          ]}
          onChange={(value) => set('devices', value)}
        />

        <PatternsField
          id="placement-show-on"
          label="Show only on these pages"
          hint="One pattern per line, like /blog/* or https://example.com/shop/*. Empty: every page of the allowed sites."
          value={draft.showOn}
          onChange={(value) => set('showOn', value)}
          error={errors.showOn}
        />
        <PatternsField
          id="placement-hide-on"
          label="Never show on these pages"
          hint={`One pattern per line; * stands for anything. At most ${MAX_URL_PATTERNS} lines in each list.`}
          value={draft.hideOn}
          onChange={(value) => set('hideOn', value)}
          error={errors.hideOn}
        />

        {popupLike && (
          <NumberField
            id="placement-closed-days"
            label="Don't show again for"
            unit="days after it's closed"
            value={draft.closedDays}
            onChange={(value) => set('closedDays', value)}
            error={errors.closedDays}
            hint="0 shows it again on the visitor's next page view. A visitor who signed up never sees it again. Remembered only on sites that tell the script the visitor consented."
          />
        )}

        {errors._ && (
          <p role="alert" className="text-sm text-red-700">
            {errors._}
          </p>
        )}
        {actions}
      </fieldset>
    </form>
  );
}

const DISPLAY_HINTS: Record<PlacementDraft['display'], string> = {
  inline: 'Inside your page, where you put its element.',
  popup: 'A window over your page.',
  'slide-in': 'A card that slides into a corner.',
  bar: 'A slim bar across the window; its button opens the form.',
};

const TRIGGER_HINTS: Record<PlacementDraft['trigger'], string> = {
  load: 'Counted from when the visitor’s page has loaded.',
  scroll: 'Once the visitor has scrolled this far down the page.',
  exit: 'When the pointer leaves through the top of the window, as a visitor heads for the tabs or the address bar.',
  click: 'When the visitor clicks a link or button of yours that has the attribute shown with the code.',
  manual: "Only when your own code calls lodestone('open', …), shown with the code.",
};

type NumberFieldProps = {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
};

function NumberField({ id, label, unit, value, onChange, error, hint }: NumberFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          className="w-24"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        />
        <span className="text-sm text-gray-700">{unit}</span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

function PatternsField({ id, label, hint, value, onChange, error }: Omit<NumberFieldProps, 'unit'> & { hint: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={3}
        spellCheck={false}
        className="font-mono text-sm sm:text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
