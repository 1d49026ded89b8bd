import { Plus } from 'lucide-react';
import { useEffect, useRef, type Dispatch } from 'react';
import { MAX_SECTIONS, SECTION_LABELS, SECTION_TYPES, type Section } from '@/domain/sections';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
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
 * or with the keyboard as fields are, and "Add section" with the eight kinds, up to MAX_SECTIONS.
 * Focus goes to a new section's heading, and after a removal to Add section.
 */
export function SectionsEditor({ list, sections, errors, dispatch, idPrefix }: SectionsEditorProps) {
  // After a removal, the focus goes to Add section (the removed card had it).
  const focusAdd = useRef(false);
  const addRef = useRef<HTMLButtonElement>(null);
  // After "Add section", to the new section's heading, once the menu has closed (closing puts the
  // focus back on the menu's button, and a focus moved while it is open is pulled back into it).
  const added = useRef(false);
  const newHeading = useRef<string | null>(null);
  useEffect(() => {
    if (focusAdd.current) addRef.current?.focus();
    focusAdd.current = false;
    if (added.current && sections.length > 0) newHeading.current = `${idPrefix}-${sections.at(-1)!.id}-heading`;
  });

  const atLimit = sections.length >= MAX_SECTIONS;
  const errorOf = (index: number) => (path: string) => errors[`${list}.${index}.${path}`];

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
                focusAdd.current = true;
              }}
            />
          ))}
        </SortableList>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <DropdownMenu>
          <DropdownMenuTrigger asChild disabled={atLimit}>
            <Button ref={addRef} id={`${idPrefix}-add`} type="button" variant="outline">
              <Plus />
              Add section
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            align="start"
            className="w-72"
            onCloseAutoFocus={(event) => {
              const heading = newHeading.current;
              added.current = false;
              newHeading.current = null;
              if (!heading) return;
              event.preventDefault();
              document.getElementById(heading)?.focus();
            }}
          >
            {SECTION_TYPES.map((type) => {
              const Icon = SECTION_ICONS[type];
              return (
                <DropdownMenuItem
                  key={type}
                  onSelect={() => {
                    const now = Date.now();
                    dispatch({ type: 'sectionAdded', list, sectionType: type, now, timeZone: browserTimeZone() });
                    added.current = true;
                  }}
                  className="items-start"
                >
                  <Icon aria-hidden="true" className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{SECTION_LABELS[type]}</span>
                    <span className="text-xs text-gray-600">{SECTION_PURPOSES[type]}</span>
                  </span>
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuContent>
        </DropdownMenu>
        {atLimit && <p className="text-sm text-gray-600">A page can have up to {MAX_SECTIONS} sections.</p>}
      </div>
    </div>
  );
}
