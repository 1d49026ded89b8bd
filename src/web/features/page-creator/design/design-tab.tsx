import { ImageOff, PanelLeft, PanelRight, PanelTop, type LucideIcon } from 'lucide-react';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { contrastRatio, formatRatio, WHITE } from '@/domain/contrast';
import type { Design, FormConfig } from '@/domain/form-config';
import { designTheme, FONT_STACKS, type DesignTheme } from '@/landing/design-theme';
import { automaticSubmitLabel } from '@/landing/submit-label';
import { describedBy, FieldError, TextField } from '@/web/components/text-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { ImageUpload } from './image-upload';

/** What the hex input says until it holds a colour (the schema's own words). */
export const HEX_COLOUR_MESSAGE = 'Use a colour like #4338CA';

/** '#4338ca', '4338CA', '#43c' or '43C' as '#4338CA' (or '#4433CC'); null if it is not a colour. */
export function parseHexInput(text: string): string | null {
  const value = text.trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(value)) return `#${value.toUpperCase()}`;
  if (/^[0-9a-f]{3}$/i.test(value))
    return `#${[...value]
      .map((c) => c + c)
      .join('')
      .toUpperCase()}`;
  return null;
}

type DesignErrors = Partial<Record<keyof Design, string>>;

export type DesignFieldsProps = {
  design: Design;
  /** Called with what changed; the caller merges it into the design it holds (an upload may finish later). */
  onChange: (patch: Partial<Design>) => void;
  /** Prefixes every id and radio group name, so two sets of fields can share a screen (A/B variant B). */
  idPrefix: string;
  /** The button's automatic words, shown as the placeholder of its text. */
  automaticButtonText?: string;
  errors?: DesignErrors;
};

type Option<T extends string> = { value: T; label: string; description: string };

const BACKGROUNDS: Option<Design['background']>[] = [
  { value: 'tint', label: 'Tint', description: 'A soft wash of your colour' },
  { value: 'plain', label: 'Plain', description: 'Clean white' },
  { value: 'gradient', label: 'Gradient', description: 'Your colour, edge to edge' },
  { value: 'dark', label: 'Dark', description: 'A dark page, light text' },
];

const FONTS: Option<Design['font']>[] = [
  { value: 'sans', label: 'Sans serif', description: 'Clean and modern' },
  { value: 'serif', label: 'Serif', description: 'Classic, like a book' },
  { value: 'rounded', label: 'Rounded', description: 'Soft and friendly' },
  { value: 'mono', label: 'Monospace', description: 'Technical, like code' },
];

const LAYOUTS: (Option<Design['layout']> & { Icon: LucideIcon })[] = [
  { value: 'top', label: 'Top', description: 'Above the form', Icon: PanelTop },
  { value: 'left', label: 'Left', description: 'Beside the form, on wide screens', Icon: PanelLeft },
  { value: 'right', label: 'Right', description: 'Beside the form, on wide screens', Icon: PanelRight },
  { value: 'none', label: 'None', description: 'Keep the image, do not show it', Icon: ImageOff },
];

const FORM_PLACEMENTS: Option<Design['formPlacement']>[] = [
  { value: 'below', label: 'Below the introduction', description: 'The form comes first; your sections follow it' },
  { value: 'beside', label: 'Beside the sections', description: 'The form stays in view while visitors read your sections' },
];

/**
 * The page's look: brand colour (with the contrast it gets), background, font, logo, cover image
 * and its place, where the form sits, and the button's words. The Design tab shows them for the
 * page; the A/B test shows them again for variant B.
 */
export function DesignFields({ design, onChange, idPrefix, automaticButtonText, errors = {} }: DesignFieldsProps) {
  const theme = designTheme(design);
  return (
    <div className="grid gap-6">
      <BrandColour idPrefix={idPrefix} design={design} theme={theme} onChange={onChange} error={errors.brandColor} />

      <ChoiceGroup
        legend="Background"
        name={`${idPrefix}-background`}
        options={BACKGROUNDS}
        value={design.background}
        onChange={(background) => onChange({ background })}
        error={errors.background}
        columns="grid-cols-2 xl:grid-cols-4"
        preview={(background) => <BackgroundSwatch theme={designTheme({ ...design, background })} />}
      />

      <ChoiceGroup
        legend="Font"
        name={`${idPrefix}-font`}
        options={FONTS}
        value={design.font}
        onChange={(font) => onChange({ font })}
        error={errors.font}
        columns="sm:grid-cols-2"
        labelStyle={(font) => ({ fontFamily: FONT_STACKS[font] })}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <ImageUpload
          id={`${idPrefix}-logo`}
          label="Logo"
          hint="Shown small above your title. PNG, JPEG or WebP, up to 5 MB; screen readers read your business name for it."
          value={design.logo}
          onChange={(logo) => onChange({ logo })}
          error={errors.logo}
        />
        <ImageUpload
          id={`${idPrefix}-cover`}
          label="Cover image"
          hint="A photo or illustration beside or above your form. PNG, JPEG or WebP, up to 5 MB."
          value={design.cover}
          onChange={(cover) => onChange({ cover })}
          error={errors.cover}
        />
      </div>

      {design.cover && (
        <TextField
          id={`${idPrefix}-cover-alt`}
          label="Cover image description"
          hint="What the image shows, for people who cannot see it. Leave it empty if the image is only decoration."
          placeholder="e.g. The guide's cover on a desk beside a laptop"
          maxLength={200}
          value={design.coverAlt}
          error={errors.coverAlt}
          onChange={(event) => onChange({ coverAlt: event.target.value })}
        />
      )}

      <ChoiceGroup
        legend="Cover image position"
        hint={design.cover ? undefined : 'Applies once you add a cover image. On phones the image always sits above the form.'}
        name={`${idPrefix}-layout`}
        options={LAYOUTS}
        value={design.layout}
        onChange={(layout) => onChange({ layout })}
        error={errors.layout}
        columns="grid-cols-2 xl:grid-cols-4"
        preview={(layout) => {
          const { Icon } = LAYOUTS.find((option) => option.value === layout)!;
          return <Icon aria-hidden="true" className="size-5 text-gray-700" />;
        }}
      />

      <ChoiceGroup
        legend="Form placement"
        hint="On wide screens. On phones everything stacks, and the form is one tap away."
        name={`${idPrefix}-form-placement`}
        options={FORM_PLACEMENTS}
        // Pages saved before sections existed keep the form below.
        value={design.formPlacement ?? 'below'}
        onChange={(formPlacement) => onChange({ formPlacement })}
        error={errors.formPlacement}
        columns="sm:grid-cols-2"
        preview={(placement) => <PlacementSketch placement={placement} />}
      />

      <TextField
        id={`${idPrefix}-button-text`}
        label="Button text"
        hint="Leave it empty to use the automatic text, shown greyed out in the box. While the form is sending, the button says 'Submitting...'."
        placeholder={automaticButtonText}
        maxLength={60}
        value={design.buttonText}
        error={errors.buttonText}
        onChange={(event) => onChange({ buttonText: event.target.value })}
      />
    </div>
  );
}

type DesignTabProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<Design>) => void;
};

/** The editor's Design tab: the page's DesignFields, with the page's errors ('design.*'). */
export function DesignTab({ config, errors, onChange }: DesignTabProps) {
  const designErrors: DesignErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    if (key.startsWith('design.')) designErrors[key.slice('design.'.length) as keyof Design] = message;
  }
  return (
    <DesignFields
      design={config.design}
      onChange={onChange}
      idPrefix="creator-design"
      automaticButtonText={automaticSubmitLabel(config)}
      errors={designErrors}
    />
  );
}

function BrandColour({
  idPrefix,
  design,
  theme,
  onChange,
  error,
}: {
  idPrefix: string;
  design: Design;
  theme: DesignTheme;
  onChange: DesignFieldsProps['onChange'];
  error?: string;
}) {
  const pickerId = `${idPrefix}-colour-picker`;
  const hexId = `${idPrefix}-colour`;
  const reportId = `${idPrefix}-contrast`;
  // The text as typed: a half-typed code stays in the box while the page keeps the last whole colour.
  const [text, setText] = useState(design.brandColor);
  const [shownFor, setShownFor] = useState(design.brandColor);
  const [invalid, setInvalid] = useState(false);
  if (design.brandColor !== shownFor) {
    // Changed elsewhere (the picker, a restored draft): the box follows.
    setShownFor(design.brandColor);
    setText(design.brandColor);
    setInvalid(false);
  }
  const apply = (colour: string) => {
    setInvalid(false);
    if (colour !== design.brandColor.toUpperCase()) {
      setShownFor(colour);
      onChange({ brandColor: colour });
    }
  };
  // While typing only a whole six-digit code applies ('#FAC' on the way to '#FACC15' is not pink);
  // a three-digit one is read when the owner leaves the box.
  const typed = (value: string) => {
    setText(value);
    const colour = parseHexInput(value);
    if (colour !== null && value.trim().replace(/^#/, '').length === 6) apply(colour);
  };
  const left = () => {
    const colour = parseHexInput(text);
    if (colour === null) return setInvalid(true);
    setText(colour);
    apply(colour);
  };
  const shownError = error ?? (invalid ? `${HEX_COLOUR_MESSAGE}. The page keeps ${design.brandColor} until then.` : undefined);

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-gray-900">Brand colour</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={pickerId} className="text-gray-700">
            Colour picker
          </Label>
          <input
            id={pickerId}
            type="color"
            value={design.brandColor.toLowerCase()}
            onChange={(event) => onChange({ brandColor: event.target.value.toUpperCase() })}
            aria-describedby={reportId}
            className="h-10 w-16 cursor-pointer rounded-lg border border-gray-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          />
        </div>
        <div className="grid w-36 gap-1.5">
          <Label htmlFor={hexId} className="text-gray-700">
            Hex code
          </Label>
          <Input
            id={hexId}
            value={text}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="characters"
            className="font-mono uppercase"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={[describedBy(hexId, { error: shownError }), reportId].filter(Boolean).join(' ')}
            onChange={(event) => typed(event.target.value)}
            onBlur={left}
          />
        </div>
      </div>
      <FieldError id={hexId} error={shownError} />
      <ContrastReport id={reportId} design={design} theme={theme} />
    </fieldset>
  );
}

/** What the colour gives: the button's text and its contrast, and where the colour was adjusted to stay legible. */
function ContrastReport({ id, design, theme }: { id: string; design: Design; theme: DesignTheme }) {
  const buttonRatio = contrastRatio(theme.buttonText, theme.button);
  const textName = theme.buttonText === WHITE ? 'white' : 'near-black';
  const accent = theme.headingAccent;
  // On the gradient the header is white or near-black, not the brand colour: nothing to report there.
  const accentAdjusted = accent.adjusted && design.background !== 'gradient';
  return (
    <div id={id} className="grid gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <span
          aria-hidden="true"
          className="inline-flex h-8 items-center rounded-md px-3 text-sm font-bold"
          style={{
            background: theme.button,
            color: theme.buttonText,
            boxShadow: theme.buttonEdge ? `inset 0 0 0 1px ${theme.buttonEdge}` : undefined,
          }}
        >
          Button
        </span>
        <span>
          Button text is automatically {textName}: contrast <strong className="text-gray-900">{formatRatio(buttonRatio)}</strong>{' '}
          (WCAG AA asks for 4.5:1).
        </span>
      </p>
      {theme.link.adjusted ? (
        <Adjusted colour={theme.link.colour}>
          Your colour is too light to read as text on the white form ({formatRatio(contrastRatio(theme.button, WHITE))}), so links
          and focus rings use a darker shade, {theme.link.colour.toUpperCase()} ({formatRatio(theme.link.ratio)}). The button
          keeps your colour.
        </Adjusted>
      ) : (
        <p>Links and focus rings use your colour as it is: {formatRatio(theme.link.ratio)} on the white form.</p>
      )}
      {accentAdjusted && (
        <Adjusted colour={accent.colour}>
          {design.background === 'dark'
            ? `On the dark background your colour is too dark to read, so the business name shows in a lighter shade, ${accent.colour.toUpperCase()} (${formatRatio(accent.ratio)}).`
            : `On this background your colour is too light to read, so the business name shows in a darker shade, ${accent.colour.toUpperCase()} (${formatRatio(accent.ratio)}).`}
        </Adjusted>
      )}
    </div>
  );
}

function Adjusted({ colour, children }: { colour: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 size-4 shrink-0 rounded border border-gray-300" style={{ background: colour }} />
      <span>
        <strong className="font-semibold text-gray-900">Adjusted for legibility.</strong> {children}
      </span>
    </p>
  );
}

/** A tiny drawing of the page on a background: the header's line in its colour, and the white card. */
function BackgroundSwatch({ theme }: { theme: DesignTheme }) {
  return (
    <span
      aria-hidden="true"
      className="grid h-12 w-full place-items-center gap-1 rounded-md border border-gray-200 px-3 py-2"
      style={{ background: theme.background }}
    >
      <span className="h-1.5 w-1/2 rounded-full" style={{ background: theme.heading }} />
      <span className="flex h-4 w-3/4 items-end rounded-sm bg-white p-0.5 shadow-sm">
        <span className="h-1.5 w-full rounded-[2px]" style={{ background: theme.button }} />
      </span>
    </span>
  );
}

/** A tiny drawing of a wide page: the title's lines, the sections' blocks and the form (the framed block) below them or beside. */
function PlacementSketch({ placement }: { placement: Design['formPlacement'] }) {
  const line = 'h-1.5 rounded-full bg-gray-300';
  const block = 'h-3 rounded-sm bg-gray-200';
  const form = 'rounded-sm border-2 border-indigo-600 bg-white';
  return (
    <span aria-hidden="true" className="grid h-12 w-full gap-1 rounded-md border border-gray-200 bg-gray-50 p-1.5">
      {placement === 'below' ? (
        <span className="grid content-start gap-1">
          <span className={cn(line, 'w-1/2')} />
          <span className={cn(form, 'h-3 w-1/2')} />
          <span className={cn(block, 'w-full')} />
        </span>
      ) : (
        <span className="grid grid-cols-[1fr_2.5rem] gap-1.5">
          <span className="grid content-start gap-1">
            <span className={cn(line, 'w-3/4')} />
            <span className={block} />
            <span className={block} />
          </span>
          <span className={cn(form, 'h-full')} />
        </span>
      )}
    </span>
  );
}

function ChoiceGroup<T extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
  error,
  columns,
  preview,
  labelStyle,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
  error?: string;
  columns: string;
  preview?: (value: T) => ReactNode;
  labelStyle?: (value: T) => CSSProperties;
}) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy(name, { hint: Boolean(hint), error })}>
      <legend className="mb-1 text-sm font-medium text-gray-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="-mt-1 text-sm text-gray-600">
          {hint}
        </p>
      )}
      <div className={cn('grid gap-2', columns)}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer flex-col gap-2 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
              value === option.value ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-gray-300 hover:border-gray-400',
            )}
          >
            {preview?.(option.value)}
            <span className="flex items-start gap-2.5">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span className="grid gap-0.5" style={labelStyle?.(option.value)}>
                <span className="text-sm font-medium text-gray-900">{option.label}</span>
                <span className="text-sm text-gray-600">{option.description}</span>
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={name} error={error} />
    </fieldset>
  );
}
