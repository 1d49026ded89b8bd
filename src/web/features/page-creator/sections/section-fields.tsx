import type { ReactNode } from 'react';
import {
  AFTER_DEADLINE,
  BENEFIT_ICONS,
  DEFAULT_ENDED_MESSAGE,
  formatDeadline,
  isSectionLink,
  MAX_AUTHOR_LINKS,
  MAX_FAQ_ITEMS,
  MAX_SECTION_ITEMS,
  sectionMessages,
  videoOf,
  type Benefit,
  type BenefitIcon,
  type SectionOf,
  type SectionType,
} from '@/domain/sections';
import { describedBy, FieldError, TextareaField, TextField } from '@/web/components/text-field';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import { ImageUpload } from '@/web/features/page-creator/design/image-upload';
import { ItemList } from './item-list';
import { RICH_TEXT_HINT } from './rich-text-hint';
import { BENEFIT_ICON_NAMES, BenefitIconDrawing } from './section-icons';

/** What every kind's inputs get: the section, the prefix of their ids, its errors by path, and a way to change it. */
export type SectionFieldsProps<T extends SectionType> = {
  section: SectionOf<T>;
  base: string;
  /** The error of a place in this section ('url', 'items.2.photo'), if any. */
  error: (path: string) => string | undefined;
  /** Changes the section as it is when the change arrives (an image upload may end later). */
  change: (update: (section: SectionOf<T>) => SectionOf<T>) => void;
};

const IMAGE_HINT = 'PNG, JPEG or WebP, up to 5 MB.';

/** A rich text's own hint, then what formatting it reads. */
const richHint = (hint?: ReactNode) => (
  <>
    {hint} {RICH_TEXT_HINT}
  </>
);

/* ------------------------------------------------------------- benefits */

export function BenefitsFields({ section, base, error, change }: SectionFieldsProps<'benefits'>) {
  return (
    <ItemList
      base={`${base}-items`}
      noun="benefit"
      items={section.items}
      max={MAX_SECTION_ITEMS}
      limitMessage={`A section shows up to ${MAX_SECTION_ITEMS} benefits.`}
      onChange={(update) => change((s) => ({ ...s, items: update(s.items) }))}
      newItem={(): Benefit => ({ icon: 'check', text: '' })}
      renderItem={(item, j, changeItem) => (
        <>
          <IconPicker
            name={`${base}-items-${j}-icon`}
            value={item.icon}
            onChange={(icon) => changeItem((i) => ({ ...i, icon }))}
          />
          <TextareaField
            id={`${base}-items-${j}-text`}
            label="Text"
            rows={2}
            maxLength={500}
            placeholder="e.g. 40 recipes ready in 20 minutes"
            value={item.text}
            error={error(`items.${j}.text`)}
            hint={richHint()}
            onChange={(event) => changeItem((i) => ({ ...i, text: event.target.value }))}
          />
        </>
      )}
    />
  );
}

/** The benefit's icon: a row of the pictures, one chosen (radio buttons, named for screen readers). */
function IconPicker({ name, value, onChange }: { name: string; value: BenefitIcon; onChange: (icon: BenefitIcon) => void }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium text-gray-900">Icon</legend>
      <div className="flex flex-wrap gap-1.5">
        {BENEFIT_ICONS.map((icon) => {
          const iconName = BENEFIT_ICON_NAMES[icon];
          const chosen = icon === value;
          return (
            <label
              key={icon}
              title={iconName}
              className={cn(
                'relative grid size-10 cursor-pointer place-items-center rounded-lg border bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                chosen
                  ? 'border-indigo-600 bg-indigo-50 text-indigo-700 ring-1 ring-indigo-600'
                  : 'border-gray-300 text-gray-700 hover:border-gray-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={icon}
                checked={chosen}
                onChange={() => onChange(icon)}
                aria-label={iconName}
                // Over the whole tile, unseen: the tile is what is pressed.
                className="absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <BenefitIconDrawing icon={icon} className="pointer-events-none size-5" />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/* --------------------------------------------------------- testimonials */

export function TestimonialsFields({ section, base, error, change }: SectionFieldsProps<'testimonials'>) {
  return (
    <ItemList
      base={`${base}-items`}
      noun="testimonial"
      items={section.items}
      max={MAX_SECTION_ITEMS}
      limitMessage={`A section shows up to ${MAX_SECTION_ITEMS} testimonials.`}
      onChange={(update) => change((s) => ({ ...s, items: update(s.items) }))}
      newItem={() => ({ quote: '', name: '', role: '', photo: null })}
      renderItem={(item, j, changeItem) => (
        <>
          <TextareaField
            id={`${base}-items-${j}-quote`}
            label="Quote"
            rows={3}
            maxLength={1000}
            value={item.quote}
            error={error(`items.${j}.quote`)}
            hint={richHint('What they said, in their words.')}
            onChange={(event) => changeItem((i) => ({ ...i, quote: event.target.value }))}
          />
          <div className="grid items-start gap-3 sm:grid-cols-2">
            <TextField
              id={`${base}-items-${j}-name`}
              label="Name"
              maxLength={100}
              value={item.name}
              error={error(`items.${j}.name`)}
              onChange={(event) => changeItem((i) => ({ ...i, name: event.target.value }))}
            />
            <TextField
              id={`${base}-items-${j}-role`}
              label="Role"
              maxLength={100}
              placeholder="e.g. Head chef, Lisbon"
              value={item.role}
              error={error(`items.${j}.role`)}
              onChange={(event) => changeItem((i) => ({ ...i, role: event.target.value }))}
            />
          </div>
          <ImageUpload
            id={`${base}-items-${j}-photo`}
            label="Photo"
            hint={`Optional: a face makes a quote believable. ${IMAGE_HINT}`}
            value={item.photo}
            error={error(`items.${j}.photo`)}
            onChange={(photo) => changeItem((i) => ({ ...i, photo }))}
          />
        </>
      )}
    />
  );
}

/* --------------------------------------------------------------- author */

export function AuthorFields({ section, base, error, change }: SectionFieldsProps<'author'>) {
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id={`${base}-name`}
          label="Name"
          maxLength={100}
          value={section.name}
          error={error('name')}
          onChange={(event) => change((s) => ({ ...s, name: event.target.value }))}
        />
        <ImageUpload
          id={`${base}-photo`}
          label="Photo"
          hint={`Optional. ${IMAGE_HINT}`}
          value={section.photo}
          error={error('photo')}
          onChange={(photo) => change((s) => ({ ...s, photo }))}
        />
      </div>
      <TextareaField
        id={`${base}-bio`}
        label="Short bio"
        rows={4}
        maxLength={2000}
        value={section.bio}
        error={error('bio')}
        hint={richHint('Who you are and why readers can trust the guide.')}
        onChange={(event) => change((s) => ({ ...s, bio: event.target.value }))}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-900">Links</legend>
        <ItemList
          base={`${base}-links`}
          noun="link"
          items={section.links}
          max={MAX_AUTHOR_LINKS}
          limitMessage={`The author can have up to ${MAX_AUTHOR_LINKS} links.`}
          onChange={(update) => change((s) => ({ ...s, links: update(s.links) }))}
          newItem={() => ({ label: '', url: '' })}
          renderItem={(link, k, changeLink) => {
            const typed = link.url.trim();
            const urlError =
              error(`links.${k}.url`) ?? (typed !== '' && !isSectionLink(typed) ? sectionMessages.linkUrl : undefined);
            return (
              <div className="grid items-start gap-3 sm:grid-cols-2">
                <TextField
                  id={`${base}-links-${k}-label`}
                  label="Link text"
                  maxLength={60}
                  placeholder="e.g. My website"
                  value={link.label}
                  error={error(`links.${k}.label`)}
                  onChange={(event) => changeLink((l) => ({ ...l, label: event.target.value }))}
                />
                <TextField
                  id={`${base}-links-${k}-url`}
                  label="Address"
                  type="url"
                  inputMode="url"
                  maxLength={2000}
                  placeholder="https://…"
                  spellCheck={false}
                  autoCapitalize="off"
                  value={link.url}
                  error={urlError}
                  onChange={(event) => changeLink((l) => ({ ...l, url: event.target.value }))}
                />
              </div>
            );
          }}
        />
      </fieldset>
    </div>
  );
}

/* ------------------------------------------------------------------ faq */

export function FaqFields({ section, base, error, change }: SectionFieldsProps<'faq'>) {
  return (
    <ItemList
      base={`${base}-items`}
      noun="question"
      items={section.items}
      max={MAX_FAQ_ITEMS}
      limitMessage={`A section shows up to ${MAX_FAQ_ITEMS} questions.`}
      onChange={(update) => change((s) => ({ ...s, items: update(s.items) }))}
      newItem={() => ({ question: '', answer: '' })}
      renderItem={(item, j, changeItem) => (
        <>
          <TextField
            id={`${base}-items-${j}-question`}
            label="Question"
            maxLength={200}
            value={item.question}
            error={error(`items.${j}.question`)}
            onChange={(event) => changeItem((i) => ({ ...i, question: event.target.value }))}
          />
          <TextareaField
            id={`${base}-items-${j}-answer`}
            label="Answer"
            rows={3}
            maxLength={2000}
            value={item.answer}
            error={error(`items.${j}.answer`)}
            hint={richHint('Shown when a visitor opens the question.')}
            onChange={(event) => changeItem((i) => ({ ...i, answer: event.target.value }))}
          />
        </>
      )}
    />
  );
}

/* ---------------------------------------------------------------- logos */

export function LogosFields({ section, base, error, change }: SectionFieldsProps<'logos'>) {
  const atLimit = section.items.length >= MAX_SECTION_ITEMS;
  return (
    <ItemList
      base={`${base}-items`}
      noun="logo"
      items={section.items}
      max={MAX_SECTION_ITEMS}
      limitMessage={`A section shows up to ${MAX_SECTION_ITEMS} logos.`}
      removable={false}
      onChange={(update) => change((s) => ({ ...s, items: update(s.items) }))}
      renderItem={(item, j, changeItem) => (
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <ImageUpload
            id={`${base}-items-${j}-image`}
            label={`Logo ${j + 1} image`}
            value={item.image}
            error={error(`items.${j}.image`)}
            // Removing the image removes the logo.
            onChange={(image) =>
              change((s) => ({
                ...s,
                items: image ? s.items.map((it, i) => (i === j ? { ...it, image } : it)) : s.items.filter((_, i) => i !== j),
              }))
            }
          />
          <TextField
            id={`${base}-items-${j}-alt`}
            label="Name"
            maxLength={100}
            placeholder="e.g. The Morning Post"
            hint="Who the logo is, read to people who cannot see it."
            value={item.alt}
            error={error(`items.${j}.alt`)}
            onChange={(event) => changeItem((i) => ({ ...i, alt: event.target.value }))}
          />
        </div>
      )}
      footer={
        atLimit ? (
          <p className="text-sm text-gray-600">A section shows up to {MAX_SECTION_ITEMS} logos.</p>
        ) : (
          <ImageUpload
            id={`${base}-add-logo`}
            label="Add a logo"
            hint={`Logos show small, side by side. ${IMAGE_HINT}`}
            value={null}
            onChange={(image) => {
              if (image) change((s) => ({ ...s, items: [...s.items, { image, alt: '' }].slice(0, MAX_SECTION_ITEMS) }));
            }}
          />
        )
      }
    />
  );
}

/* ---------------------------------------------------------------- video */

export function VideoFields({ section, base, error, change }: SectionFieldsProps<'video'>) {
  const typed = section.url.trim();
  const urlError = error('url') ?? (typed !== '' && videoOf(typed) === null ? sectionMessages.videoUrl : undefined);
  return (
    <div className="grid gap-4">
      <TextField
        id={`${base}-url`}
        label="Video link"
        type="url"
        inputMode="url"
        maxLength={300}
        placeholder="https://www.youtube.com/watch?v=…"
        spellCheck={false}
        autoCapitalize="off"
        value={section.url}
        error={urlError}
        hint="A YouTube or Vimeo link. Visitors see a still with a play button; the player loads only when they press it."
        onChange={(event) => change((s) => ({ ...s, url: event.target.value }))}
      />
      <TextField
        id={`${base}-title`}
        label="Video title"
        maxLength={120}
        placeholder="e.g. A two-minute tour of the guide"
        value={section.title}
        error={error('title')}
        hint="What the video is: the play button says it to people who cannot see the still."
        onChange={(event) => change((s) => ({ ...s, title: event.target.value }))}
      />
    </div>
  );
}

/* ------------------------------------------------------------- deadline */

const AFTER_DEADLINE_OPTIONS: Record<(typeof AFTER_DEADLINE)[number], { label: string; description: string }> = {
  keepForm: { label: 'Keep the form', description: 'Visitors can still sign up.' },
  closeForm: { label: 'Show a message instead', description: 'Your message replaces the form; the page stays up.' },
};

let timeZones: string[] | undefined;
/** Every time zone the browser knows, read once. */
function knownTimeZones(): string[] {
  timeZones ??= Intl.supportedValuesOf('timeZone');
  return timeZones;
}

export function DeadlineFields({ section, base, error, change }: SectionFieldsProps<'deadline'>) {
  const zones = knownTimeZones();
  const zoneId = `${base}-time-zone`;
  const zoneError = error('timeZone');
  const ends = formatDeadline(section);
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id={`${base}-ends-at`}
          label="When the offer ends"
          type="datetime-local"
          value={section.endsAt}
          error={error('endsAt')}
          onChange={(event) => change((s) => ({ ...s, endsAt: event.target.value.slice(0, 16) }))}
        />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={zoneId}>Time zone</Label>
          <select
            id={zoneId}
            value={section.timeZone}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={describedBy(zoneId, { error: zoneError })}
            onChange={(event) => change((s) => ({ ...s, timeZone: event.target.value }))}
            className="h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none aria-invalid:border-red-600 sm:text-sm"
          >
            {!zones.includes(section.timeZone) && <option value={section.timeZone}>{section.timeZone}</option>}
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          <FieldError id={zoneId} error={zoneError} />
        </div>
      </div>
      {ends && <p className="text-sm text-gray-600">Visitors read: the offer ends {ends}.</p>}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-900">After the deadline</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {AFTER_DEADLINE.map((choice) => (
            <label
              key={choice}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                section.afterDeadline === choice
                  ? 'border-indigo-600 ring-1 ring-indigo-600'
                  : 'border-gray-300 hover:border-gray-400',
              )}
            >
              <input
                type="radio"
                name={`${base}-after`}
                value={choice}
                checked={section.afterDeadline === choice}
                onChange={() => change((s) => ({ ...s, afterDeadline: choice }))}
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-gray-900">{AFTER_DEADLINE_OPTIONS[choice].label}</span>
                <span className="text-sm text-gray-600">{AFTER_DEADLINE_OPTIONS[choice].description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {section.afterDeadline === 'closeForm' && (
        <TextField
          id={`${base}-ended-message`}
          label="Message after the deadline"
          maxLength={300}
          placeholder={DEFAULT_ENDED_MESSAGE}
          value={section.endedMessage}
          error={error('endedMessage')}
          onChange={(event) => change((s) => ({ ...s, endedMessage: event.target.value }))}
        />
      )}
    </div>
  );
}

/* ------------------------------------------------------------------ cta */

export function CtaFields({ section, base, error, change }: SectionFieldsProps<'cta'>) {
  return (
    <div className="grid gap-4">
      <TextareaField
        id={`${base}-text`}
        label="Text"
        rows={3}
        maxLength={500}
        placeholder="e.g. Ready to cook faster tonight?"
        value={section.text}
        error={error('text')}
        hint={richHint()}
        onChange={(event) => change((s) => ({ ...s, text: event.target.value }))}
      />
      <TextField
        id={`${base}-button-text`}
        label="Button text"
        maxLength={60}
        placeholder="e.g. Get the guide"
        value={section.buttonText}
        error={error('buttonText')}
        hint="The button takes visitors to the form."
        onChange={(event) => change((s) => ({ ...s, buttonText: event.target.value }))}
      />
    </div>
  );
}
