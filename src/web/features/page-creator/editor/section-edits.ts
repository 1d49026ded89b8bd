import { DEFAULT_AB_TEST, type FormConfig } from '@/domain/form-config';
import { MAX_SECTIONS, newSection, type Section, type SectionType } from '@/domain/sections';
import type { EditorErrors } from './editor-model';
import { moved, remapIndexedErrors, reorderedIndex } from './positions';

/*
 * The editor's changes to a list of sections: the page's (variant A's), or variant B's own when it
 * has them. Errors are keyed by position like the server keys them ('sections.2.url',
 * 'abTest.sections.0.items.1.photo'), so they move with their section, and an edit clears the
 * errors of what it changed.
 */

/** Which list an edit is to, named as its errors' keys begin. */
export type SectionList = 'sections' | 'abTest.sections';

/** The sections of `list`; B without its own has none (it shows the page's). Old drafts may lack them. */
export function sectionsOf(config: FormConfig, list: SectionList): Section[] {
  return (list === 'sections' ? config.sections : config.abTest?.sections) ?? [];
}

const hasList = (config: FormConfig, list: SectionList) => list === 'sections' || config.abTest?.sections !== undefined;

function withSections(config: FormConfig, list: SectionList, sections: Section[]): FormConfig {
  if (list === 'sections') return { ...config, sections };
  return { ...config, abTest: { ...(config.abTest ?? DEFAULT_AB_TEST), sections } };
}

type Edited = { config: FormConfig; errors: EditorErrors };

/** A new section of `type` at the end of the list, with an id of its own; none past MAX_SECTIONS. */
export function sectionAdded(
  { config, errors }: Edited,
  list: SectionList,
  type: SectionType,
  now: number,
  timeZone: string,
): Edited | null {
  const sections = sectionsOf(config, list);
  if (!hasList(config, list) || sections.length >= MAX_SECTIONS) return null;
  let stamp = now;
  while (sections.some((s) => s.id === `section-${stamp}`)) stamp += 1;
  return { config: withSections(config, list, [...sections, newSection(type, stamp, timeZone)]), errors };
}

const valueAt = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
    value,
  );

/**
 * The section `id` as `change` makes it from what it is now: an image upload that ends later
 * changes the section as it is then, not as it was when the image was chosen. The errors of what
 * changed go (a video's link retyped, a testimonial's photo replaced).
 */
export function sectionChanged(
  { config, errors }: Edited,
  list: SectionList,
  id: string,
  change: (section: Section) => Section,
): Edited | null {
  const sections = sectionsOf(config, list);
  const index = sections.findIndex((s) => s.id === id);
  const before = sections[index];
  if (!before) return null;
  const after = change(before);
  const at = `${list}.${index}`;
  const next: EditorErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const path = key === at ? [] : key.startsWith(`${at}.`) ? key.slice(at.length + 1).split('.') : null;
    if (path && JSON.stringify(valueAt(before, path)) !== JSON.stringify(valueAt(after, path))) continue;
    next[key] = message;
  }
  return {
    config: withSections(
      config,
      list,
      sections.map((s, i) => (i === index ? after : s)),
    ),
    errors: next,
  };
}

export function sectionRemoved({ config, errors }: Edited, list: SectionList, index: number): Edited | null {
  const sections = sectionsOf(config, list);
  if (!sections[index]) return null;
  return {
    config: withSections(
      config,
      list,
      sections.filter((_, i) => i !== index),
    ),
    errors: remapIndexedErrors(errors, list, (old) => (old === index ? null : old > index ? old - 1 : old)),
  };
}

export function sectionReordered({ config, errors }: Edited, list: SectionList, from: number, to: number): Edited | null {
  const next = moved(sectionsOf(config, list), from, to);
  if (!next) return null;
  return {
    config: withSections(config, list, next),
    errors: remapIndexedErrors(errors, list, (old) => reorderedIndex(old, from, to)),
  };
}

/**
 * Variant B's own sections (it starts with a copy of the page's), or none: B shows the page's again
 * and the errors of its own go with them.
 */
export function variantSectionsSet({ config, errors }: Edited, sections: Section[] | undefined): Edited {
  const { sections: _own, ...test } = config.abTest ?? DEFAULT_AB_TEST;
  const kept = Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('abTest.sections.')));
  return { config: { ...config, abTest: sections ? { ...test, sections } : test }, errors: kept };
}
