import { Plus } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { MAX_SECTIONS, SECTION_LABELS, SECTION_TYPES, type Section, type SectionType } from '@/domain/sections';
import { Button } from '@/web/components/ui/button';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import type { EditorAction } from '@/web/features/page-creator/editor/editor-reducer';
import type { SectionList } from '@/web/features/page-creator/editor/section-edits';
import { SortableList } from '@/web/features/page-creator/editor/sortable-list';
import { SectionCard, sectionName } from './section-card';
import { SECTION_ICONS, SECTION_PURPOSES } from './section-icons';

type SectionsEditorProps = {
  /** The page's sections, or variant B's own. */
  list: SectionList;
  sections: readonly Section[];
  errors: EditorErrors;
  dispatch: Dispatch<EditorAction>;
  /** Prefix of every element id, so that A's and B's lists can share a screen. */
  idPrefix: string;
};

/** The owner's time zone, where a new deadline starts. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A list of sections (the page's, or variant B's): each a card, reordered by dragging its handle
 * or with the keyboard as fields are, and "Add section", which shows the eight kinds to choose
 * from, up to MAX_SECTIONS. Focus goes to a new section's heading, and after a removal to Add
 * section. (A plain disclosure, not a menu: Radix's menu here would move into a chunk that every
 * screen loads.)
 */
export function SectionsEditor({ list, sections, errors, dispatch, idPrefix }: SectionsEditorProps) {
  const [choosing, setChoosing] = useState(false);
  // After a change, the focus goes to the new section's heading, or to Add section (a removed card had it).
  const focusNext = useRef<'new' | 'add' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    const last = sections.at(-1);
    if (target === 'add') addRef.current?.focus();
    if (target === 'new' && last) document.getElementById(`${idPrefix}-${last.id}-heading`)?.focus();
  });

  const atLimit = sections.length >= MAX_SECTIONS;
  const errorOf = (index: number) => (path: string) => errors[`${list}.${index}.${path}`];
  const kindsId = `${idPrefix}-kinds`;
  const add = (type: SectionType, now: number) => {
    dispatch({ type: 'sectionAdded', list, sectionType: type, now, timeZone: browserTimeZone() });
    setChoosing(false);
    focusNext.current = 'new';
  };

  return (
    <div className="grid gap-4">
      {sections.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-600">
          No sections yet. Add what convinces a visitor: what is inside, what readers say, who you are, the questions they ask.
        </p>
      ) : (
        <SortableList
          ids={sections.map((s) => s.id)}
          nameOf={(index) => sectionName(sections[index]!)}
          noun="section"
          onReorder={(from, to) => dispatch({ type: 'sectionReordered', list, from, to })}
          className="grid gap-4"
        >
          {sections.map((section, index) => (
            <SectionCard
              key={section.id}
              section={section}
              idPrefix={idPrefix}
              error={errorOf(index)}
              onChange={(change) => dispatch({ type: 'sectionChanged', list, id: section.id, change })}
              onRemove={() => {
                dispatch({ type: 'sectionRemoved', list, index });
                focusNext.current = 'add';
              }}
            />
          ))}
        </SortableList>
      )}
      {/* Escape, on Add section or a choice, closes the choices. */}
      <div
        className="grid gap-3"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !choosing) return;
          setChoosing(false);
          addRef.current?.focus();
        }}
      >
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addRef}
            id={`${idPrefix}-add`}
            type="button"
            variant="outline"
            aria-expanded={choosing}
            aria-controls={choosing ? kindsId : undefined}
            disabled={atLimit}
            onClick={() => setChoosing((open) => !open)}
          >
            <Plus />
            Add section
          </Button>
          {atLimit && <p className="text-sm text-gray-600">A page can have up to {MAX_SECTIONS} sections.</p>}
        </div>
        {choosing && !atLimit && (
          <div id={kindsId} role="group" aria-label="Kinds of section" className="grid gap-2 sm:grid-cols-2">
            {SECTION_TYPES.map((type) => {
              const Icon = SECTION_ICONS[type];
              return (
                <button
                  key={type}
                  type="button"
                  aria-labelledby={`${kindsId}-${type}-name`}
                  aria-describedby={`${kindsId}-${type}`}
                  onClick={() => add(type, Date.now())}
                  className="flex items-start gap-2.5 rounded-lg border border-gray-300 bg-white p-3 text-left hover:border-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
                  <span className="grid gap-0.5">
                    <span id={`${kindsId}-${type}-name`} className="text-sm font-medium text-gray-900">
                      {SECTION_LABELS[type]}
                    </span>
                    <span id={`${kindsId}-${type}`} className="text-sm text-gray-600">
                      {SECTION_PURPOSES[type]}
                    </span>
                  </span>
                </button>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
