import { SECTION_LABELS, sectionShows, type Section, type SectionOf, type SectionType } from '@/domain/sections';
import { TextField } from '@/web/components/text-field';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { SortableCard } from '@/web/features/page-creator/editor/sortable-list';
import {
  AuthorFields,
  BenefitsFields,
  CtaFields,
  DeadlineFields,
  FaqFields,
  LogosFields,
  TestimonialsFields,
  VideoFields,
  type SectionFieldsProps,
} from './section-fields';
import { SECTION_ICONS } from './section-icons';
import { RemoveButton } from '@/web/features/page-creator/editor/controls';

/** How the editor names a section to the owner (buttons, announcements): its kind, and its heading when it has its own. */
export function sectionName(section: Pick<Section, 'type' | 'heading'>): string {
  const kind = SECTION_LABELS[section.type];
  const heading = section.heading.trim();
  return heading && heading !== kind ? `${kind}: ${heading}` : kind;
}

/** Why a section that is not hidden is not on the page yet: it has nothing to show. */
const EMPTY_NOTES: Record<SectionType, string> = {
  benefits: 'Not on the page until a benefit has its text.',
  testimonials: 'Not on the page until a testimonial has its quote.',
  author: 'Not on the page until it has a name or a bio.',
  faq: 'Not on the page until a question is written.',
  logos: 'Not on the page until it has a logo.',
  video: 'Not on the page until it has a YouTube or Vimeo link.',
  deadline: 'Not on the page until you choose when the offer ends.',
  cta: '',
};

type SectionCardProps = {
  section: Section;
  /** Prefix of its element ids: `{idPrefix}-{section.id}-…`. */
  idPrefix: string;
  /** The error of a place in this section ('heading', 'items.2.photo'), if any. */
  error: (path: string) => string | undefined;
  onChange: (change: (section: Section) => Section) => void;
  onRemove: () => void;
};

/**
 * One section of the page: its drag handle (see SortableList), its kind, Remove, its heading,
 * whether the page shows it, and the inputs of its kind.
 */
export function SectionCard({ section, idPrefix, error, onChange, onRemove }: SectionCardProps) {
  const base = `${idPrefix}-${section.id}`;
  const name = sectionName(section);
  const Icon = SECTION_ICONS[section.type];
  const emptyNote = !section.hidden && !sectionShows(section) ? EMPTY_NOTES[section.type] : '';
  return (
    <SortableCard id={section.id} handleId={`${base}-handle`} handleLabel={`Reorder ${name}`}>
      {(handle) => (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex min-w-0 items-center gap-1.5">
              {handle}
              <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
              <h2 className="text-sm font-semibold text-gray-900">{SECTION_LABELS[section.type]}</h2>
              {section.hidden && (
                <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700">Hidden</span>
              )}
            </div>
            <div className="flex items-center gap-2">
              <Label htmlFor={`${base}-shown`} className="font-normal text-gray-700">
                Show on the page
              </Label>
              <Switch
                id={`${base}-shown`}
                checked={!section.hidden}
                onCheckedChange={(shown) => onChange((s) => ({ ...s, hidden: !shown }))}
              />
              <RemoveButton label={`Remove ${name}`} onClick={onRemove} />
            </div>
          </div>
          <TextField
            id={`${base}-heading`}
            label="Heading"
            maxLength={120}
            value={section.heading}
            error={error('heading')}
            hint={section.type === 'video' || section.type === 'cta' ? 'Optional.' : undefined}
            onChange={(event) => onChange((s) => ({ ...s, heading: event.target.value }))}
          />
          {emptyNote && <p className="text-sm text-amber-800">{emptyNote}</p>}
          <KindFields section={section} base={base} error={error} onChange={onChange} />
        </div>
      )}
    </SortableCard>
  );
}

function KindFields({
  section,
  base,
  error,
  onChange,
}: {
  section: Section;
  base: string;
  error: SectionCardProps['error'];
  onChange: SectionCardProps['onChange'];
}) {
  /** The props of the inputs of a section of kind T: changes apply only while it is still of that kind. */
  function props<T extends SectionType>(s: SectionOf<T>): SectionFieldsProps<T> {
    return {
      section: s,
      base,
      error,
      change: (update) => onChange((now) => (now.type === s.type ? update(now as SectionOf<T>) : now)),
    };
  }
  switch (section.type) {
    case 'benefits':
      return <BenefitsFields {...props(section)} />;
    case 'testimonials':
      return <TestimonialsFields {...props(section)} />;
    case 'author':
      return <AuthorFields {...props(section)} />;
    case 'faq':
      return <FaqFields {...props(section)} />;
    case 'logos':
      return <LogosFields {...props(section)} />;
    case 'video':
      return <VideoFields {...props(section)} />;
    case 'deadline':
      return <DeadlineFields {...props(section)} />;
    case 'cta':
      return <CtaFields {...props(section)} />;
  }
}
