import { Eye, EyeOff, FlaskConical } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import { AB_RESTART_NOTICE, variantConfig, variantDesignChanges, withVariantDesign } from '@/domain/ab-test';
import { DEFAULT_AB_TEST, type AbTest, type Design, type FormConfig } from '@/domain/form-config';
import { LandingPage, LandingStyles } from '@/landing/landing-page';
import { automaticSubmitLabel } from '@/landing/submit-label';
import { TextareaField, TextField } from '@/web/components/text-field';
import { PreviewFrame } from '@/web/components/preview-frame';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { SwitchField } from '@/web/features/page-creator/editor/controls';
import { DesignFields } from '@/web/features/page-creator/design/design-tab';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import type { EditorAction } from '@/web/features/page-creator/editor/editor-reducer';
import { RICH_TEXT_HINT } from '@/web/features/page-creator/sections/rich-text-hint';
import { SectionsEditor } from '@/web/features/page-creator/sections/sections-editor';

type AbTestSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
  /** For B's own sections, edited as the page's are. */
  dispatch: Dispatch<EditorAction>;
};

const clampSplit = (value: number) => Math.min(99, Math.max(1, Math.round(value)));

/**
 * The Design tab's A/B test (decisions 0051, 0061): switch it on, choose the share of visitors who
 * see B, and change what B is to test. B starts as a copy of the page (variant A): its title and
 * description start as the page's, and its design is the page's with only what the owner changes
 * for B, so the test compares what it is about and nothing else. Results are on the page's
 * analytics screen. Open to every plan: plans.ts lists no A/B testing feature.
 */
export function AbTestSection({ config, errors, onChange, dispatch }: AbTestSectionProps) {
  const headingId = useId();
  const [previewing, setPreviewing] = useState(false);
  // Drafts saved before tests existed have none.
  const test: AbTest = config.abTest ?? DEFAULT_AB_TEST;
  const b = variantConfig({ ...config, abTest: test }, 'b');
  // An image upload reports when it ends: it is merged into B's design as it is then, not as it was.
  const latest = useRef({ test, page: config.design, design: b.design });
  useLayoutEffect(() => {
    latest.current = { test, page: config.design, design: b.design };
  });
  const change = (patch: Partial<AbTest>) => onChange({ abTest: { ...latest.current.test, ...patch } });
  const changeDesign = (patch: Partial<Design>) => {
    const now = latest.current;
    onChange({ abTest: withVariantDesign(now.test, now.page, { ...now.design, ...patch }) });
  };
  const designErrors: Partial<Record<keyof Design, string>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^abTest\.design(?:Changes)?\.(.+)$/.exec(key);
    if (match) designErrors[match[1] as keyof Design] = message;
  }
  const changedDesign = Object.keys(variantDesignChanges(test)).length > 0;

  return (
    <section aria-labelledby={headingId} className="mt-8 grid gap-5 border-t border-gray-200 pt-6">
      <div className="flex items-start gap-3">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
        <div className="grid gap-1">
          <h3 id={headingId} className="text-base font-semibold text-gray-900">
            A/B test
          </h3>
          <p className="text-sm text-gray-600">
            Show some visitors a second version of this page, variant B, and see which one gets more sign-ups. Variant A is the
            page as you set it up above. Each visitor keeps seeing the same variant, without cookies.
          </p>
        </div>
      </div>

      <SwitchField
        id="creator-ab-enabled"
        label="Run an A/B test"
        description="Takes effect when you publish. The results are on the page's analytics screen."
        checked={test.enabled}
        onCheckedChange={(enabled) => change({ enabled })}
      />

      {test.enabled && (
        <>
          <SplitField split={test.split} onChange={(split) => change({ split })} error={errors['abTest.split']} />
          <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{AB_RESTART_NOTICE}</p>
          <CopyOfPageField
            id="creator-ab-title"
            label="Variant B title"
            pageValue={config.title}
            maxLength={200}
            value={test.title}
            error={errors['abTest.title']}
            onChange={(title) => change({ title })}
          />
          <CopyOfPageField
            id="creator-ab-description"
            label="Variant B description"
            pageValue={config.description}
            maxLength={5000}
            multiline
            value={test.description}
            error={errors['abTest.description']}
            onChange={(description) => change({ description })}
          />
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-sm font-semibold text-gray-900">Variant B design</legend>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-gray-600">
                {changedDesign
                  ? 'Variant B shows what you changed here; everything else is the page’s design.'
                  : 'The same as the page’s design until you change something here. Change only what you want to test.'}
              </p>
              {changedDesign && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => change({ designChanges: {}, design: undefined })}
                >
                  Use the page&apos;s design again
                </Button>
              )}
            </div>
            <DesignFields
              design={b.design}
              onChange={changeDesign}
              idPrefix="creator-ab-design"
              automaticButtonText={automaticSubmitLabel(b)}
              errors={designErrors}
            />
          </fieldset>
          <VariantSections config={config} test={test} errors={errors} dispatch={dispatch} />
          <div className="grid gap-3">
            <div>
              <Button type="button" variant="outline" aria-expanded={previewing} onClick={() => setPreviewing((p) => !p)}>
                {previewing ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                {previewing ? 'Hide variant B' : 'Preview variant B'}
              </Button>
            </div>
            {previewing && (
              <div className="overflow-hidden rounded-2xl border border-gray-200 bg-gray-100">
                <PreviewFrame title="Variant B preview" className="w-full">
                  <main aria-label="Variant B preview">
                    <LandingStyles />
                    <LandingPage config={b} mode="preview" idPrefix="ls-ab" />
                  </main>
                </PreviewFrame>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** "Change B's sections" (B gets a copy of A's) or "Use A's sections" (B's own go). */
export const variantSectionsToggled = (config: FormConfig): EditorAction => ({
  type: 'variantSectionsSet',
  sections: config.abTest?.sections ? undefined : [...(config.sections ?? [])],
});

/**
 * B's sections: the page's (A's) until the owner changes them; then B's own, starting as a copy of
 * A's, edited as A's are, until "Use A's sections" drops them. One button does both, so the focus
 * stays on it.
 */
function VariantSections({
  config,
  test,
  errors,
  dispatch,
}: {
  config: FormConfig;
  test: AbTest;
  errors: EditorErrors;
  dispatch: Dispatch<EditorAction>;
}) {
  const own = test.sections;
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-sm font-semibold text-gray-900">Variant B sections</legend>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-gray-600">
          {own
            ? 'Variant B shows its own sections, below. Changes to the page’s sections no longer reach B.'
            : 'B shows the same sections as A. Change them to test other sections, or the same ones in another order.'}
        </p>
        <Button type="button" variant="outline" size="sm" onClick={() => dispatch(variantSectionsToggled(config))}>
          {own ? 'Use A’s sections' : 'Change B’s sections'}
        </Button>
      </div>
      {own && (
        <SectionsEditor
          list="abTest.sections"
          sections={own}
          errors={errors}
          dispatch={dispatch}
          idPrefix="creator-ab-sections"
        />
      )}
    </fieldset>
  );
}

type CopyOfPageFieldProps = {
  id: string;
  label: string;
  /** The page's own words, which B shows while its own are empty. */
  pageValue: string;
  /** B's own words ('' for the page's). */
  value: string;
  maxLength: number;
  multiline?: boolean;
  error?: string;
  onChange: (value: string) => void;
};

/**
 * B's title or description, starting as the page's words so the owner edits them rather than
 * retyping them. Words the same as the page's, or none, are stored as '' (the page's), so B follows
 * the page when its words change. Emptied while typing, the box stays empty until it is left.
 */
function CopyOfPageField({ id, label, pageValue, value, maxLength, multiline, error, onChange }: CopyOfPageFieldProps) {
  const shown = value.trim() ? value : pageValue;
  const [text, setText] = useState(shown);
  const [shownFor, setShownFor] = useState(shown);
  if (shown !== shownFor) {
    setShownFor(shown);
    if (text.trim() !== '' || value.trim() !== '') setText(shown);
  }
  const hint = 'Starts as the page’s. Change it to test other words; left empty, B shows the page’s.';
  const props = {
    id,
    label,
    maxLength,
    value: text,
    error,
    hint: multiline ? (
      <>
        {hint} {RICH_TEXT_HINT}
      </>
    ) : (
      hint
    ),
    onBlur: () => setText(shown),
  };
  const typed = (next: string) => {
    setText(next);
    onChange(next.trim() === '' || next === pageValue ? '' : next);
  };
  return multiline ? (
    <TextareaField {...props} rows={3} onChange={(event) => typed(event.target.value)} />
  ) : (
    <TextField {...props} onChange={(event) => typed(event.target.value)} />
  );
}

/** The share of visitors who see B: a slider and a number, kept in step (1 to 99). */
function SplitField({ split, onChange, error }: { split: number; onChange: (split: number) => void; error?: string }) {
  const sliderId = 'creator-ab-split';
  const numberId = 'creator-ab-split-number';
  const [text, setText] = useState(String(split));
  const [shownFor, setShownFor] = useState(split);
  if (split !== shownFor) {
    setShownFor(split);
    setText(String(split));
  }
  const typed = (value: string) => {
    setText(value);
    const n = Number(value);
    if (value.trim() !== '' && Number.isFinite(n) && n >= 1 && n <= 99) {
      setShownFor(Math.round(n));
      onChange(Math.round(n));
    }
  };
  return (
    <fieldset className="grid gap-2" aria-describedby={`${sliderId}-summary`}>
      <legend className="text-sm font-medium text-gray-900">Visitors who see variant B</legend>
      <div className="flex flex-wrap items-center gap-4">
        <Label htmlFor={sliderId} className="sr-only">
          Percent of visitors who see variant B (slider)
        </Label>
        <input
          id={sliderId}
          type="range"
          min={1}
          max={99}
          step={1}
          value={split}
          aria-valuetext={`${split}% see B, ${100 - split}% see A`}
          onChange={(event) => onChange(clampSplit(Number(event.target.value)))}
          className="h-2 min-w-40 flex-1 cursor-pointer accent-indigo-600"
        />
        <div className="flex items-center gap-1.5">
          <Label htmlFor={numberId} className="sr-only">
            Percent of visitors who see variant B
          </Label>
          <Input
            id={numberId}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            step={1}
            value={text}
            className="w-20 tabular-nums"
            aria-invalid={error ? true : undefined}
            onChange={(event) => typed(event.target.value)}
            onBlur={() => setText(String(split))}
          />
          <span aria-hidden="true" className="text-sm text-gray-700">
            %
          </span>
        </div>
      </div>
      <p id={`${sliderId}-summary`} className="text-sm text-gray-600">
        {100 - split}% of visitors see A (the page), {split}% see B.
      </p>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
