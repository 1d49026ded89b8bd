import { describe, expect, it } from 'vitest';
import { defaultFormConfig, type FormConfig, type ImageRef } from '@/domain/form-config';
import { MAX_SECTIONS, newSection, sectionMessages, type Section, type SectionOf, type SectionType } from '@/domain/sections';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editor-reducer';
import { firstErrorTab } from './editor-model';

// The Sections tab's edits (and variant B's own sections under the Design tab): errors keyed by a
// section's position move with it, an edit clears the errors of what it changed, and a late image
// upload lands in the section as it is then.

const PHOTO: ImageRef = { id: '00000000-0000-4000-8000-000000000001', width: 400, height: 400 };

/** A new section of `type`, as Add section makes it, with `patch`. */
const sectionOf = <T extends SectionType>(type: T, patch: Partial<SectionOf<T>>) =>
  ({ ...newSection(type), ...patch }) as SectionOf<T>;

/** A page with three sections: benefits, a video and a FAQ (ids s-a, s-b, s-c). */
function withSections(): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    sections: [
      sectionOf('benefits', { id: 's-a' }),
      sectionOf('video', { id: 's-b', url: 'https://example.com/x' }),
      sectionOf('faq', { id: 's-c' }),
    ],
  };
}

const stateWith = (errors: EditorState['errors'] = {}, config = withSections()): EditorState => ({
  ...initialEditorState(config, null),
  errors,
});
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const ids = (sections: readonly Section[] | undefined) => (sections ?? []).map((s) => s.id);

describe('the sections of a page', () => {
  it('adds a section of each kind at the end, in the owner’s time zone, under an unused id', () => {
    let state = stateWith({}, defaultFormConfig());
    state = run(
      state,
      { type: 'sectionAdded', list: 'sections', sectionType: 'deadline', now: 7, timeZone: 'Europe/Lisbon' },
      { type: 'sectionAdded', list: 'sections', sectionType: 'faq', now: 7, timeZone: 'Europe/Lisbon' },
    );
    expect(ids(state.config.sections)).toEqual(['section-7', 'section-8']);
    expect(state.config.sections[0]).toMatchObject({ type: 'deadline', timeZone: 'Europe/Lisbon', endsAt: '' });
    expect(state.config.sections[1]).toMatchObject({ type: 'faq', heading: 'Questions' });
  });

  it(`stops at ${MAX_SECTIONS} sections`, () => {
    let state = stateWith({}, defaultFormConfig());
    for (let i = 0; i < MAX_SECTIONS; i++)
      state = run(state, { type: 'sectionAdded', list: 'sections', sectionType: 'cta', now: i, timeZone: 'UTC' });
    expect(state.config.sections).toHaveLength(MAX_SECTIONS);
    expect(run(state, { type: 'sectionAdded', list: 'sections', sectionType: 'cta', now: 99, timeZone: 'UTC' })).toBe(state);
  });

  it('reads a draft saved before sections existed as a page without any, and adds to it', () => {
    const { sections: _none, ...old } = defaultFormConfig();
    const state = run(stateWith({}, old as FormConfig), {
      type: 'sectionAdded',
      list: 'sections',
      sectionType: 'benefits',
      now: 1,
      timeZone: 'UTC',
    });
    expect(ids(state.config.sections)).toEqual(['section-1']);
  });

  it('moves a section with its errors; those between close up', () => {
    const errors = { title: 'x', 'sections.1.url': sectionMessages.videoUrl, 'sections.2.items.0.question': 'q' };
    const next = run(stateWith(errors), { type: 'sectionReordered', list: 'sections', from: 1, to: 0 });
    expect(ids(next.config.sections)).toEqual(['s-b', 's-a', 's-c']);
    expect(next.errors).toEqual({ title: 'x', 'sections.0.url': sectionMessages.videoUrl, 'sections.2.items.0.question': 'q' });
    const last = run(stateWith(errors), { type: 'sectionReordered', list: 'sections', from: 0, to: 2 });
    expect(ids(last.config.sections)).toEqual(['s-b', 's-c', 's-a']);
    expect(last.errors).toEqual({ title: 'x', 'sections.0.url': sectionMessages.videoUrl, 'sections.1.items.0.question': 'q' });
    // A drop in place or out of range changes nothing.
    const state = stateWith(errors);
    for (const [from, to] of [
      [1, 1],
      [3, 0],
      [0, 3],
      [0, -1],
    ] as const)
      expect(run(state, { type: 'sectionReordered', list: 'sections', from, to })).toBe(state);
  });

  it('removes a section with its errors, and moves the errors of those after it up', () => {
    const errors = { 'sections.0.heading': 'a', 'sections.1.url': 'b', 'sections.2.items.0.question': 'c' };
    const next = run(stateWith(errors), { type: 'sectionRemoved', list: 'sections', index: 1 });
    expect(ids(next.config.sections)).toEqual(['s-a', 's-c']);
    expect(next.errors).toEqual({ 'sections.0.heading': 'a', 'sections.1.items.0.question': 'c' });
  });

  it('changes a section as it is when the change arrives, and clears the errors of what changed only', () => {
    const errors = { 'sections.1.url': sectionMessages.videoUrl, 'sections.1.title': 'too long', 'sections.0.items.0.text': 't' };
    const typed = run(stateWith(errors), {
      type: 'sectionChanged',
      list: 'sections',
      id: 's-b',
      change: (s) => ({ ...s, url: 'https://youtu.be/dQw4w9WgXcQ' }),
    });
    expect(typed.config.sections[1]).toMatchObject({ type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(typed.errors).toEqual({ 'sections.1.title': 'too long', 'sections.0.items.0.text': 't' });
    // Hiding it changes no input in error.
    const hidden = run(typed, { type: 'sectionChanged', list: 'sections', id: 's-b', change: (s) => ({ ...s, hidden: true }) });
    expect(hidden.config.sections[1]!.hidden).toBe(true);
    expect(hidden.errors).toEqual(typed.errors);
  });

  it('puts a photo uploaded late into the testimonial as it is by then, moved section and new words included', () => {
    const config = withSections();
    config.sections.push(sectionOf('testimonials', { id: 's-d' }));
    let state = stateWith({ 'sections.3.items.0.photo': 'That image is not one of yours' }, config);
    // The owner chose a photo; while it uploads they type the quote and move the section up.
    const setPhoto: EditorAction = {
      type: 'sectionChanged',
      list: 'sections',
      id: 's-d',
      change: (s) =>
        s.type === 'testimonials' ? { ...s, items: s.items.map((item, j) => (j === 0 ? { ...item, photo: PHOTO } : item)) } : s,
    };
    state = run(
      state,
      {
        type: 'sectionChanged',
        list: 'sections',
        id: 's-d',
        change: (s) => (s.type === 'testimonials' ? { ...s, items: [{ ...s.items[0]!, quote: 'Loved it' }] } : s),
      },
      { type: 'sectionReordered', list: 'sections', from: 3, to: 0 },
      setPhoto,
    );
    const testimonials = state.config.sections[0] as SectionOf<'testimonials'>;
    expect(testimonials.items[0]).toEqual({ quote: 'Loved it', name: '', role: '', photo: PHOTO });
    expect(state.errors).toEqual({});
  });

  it('changes nothing for a section that is gone', () => {
    const state = stateWith();
    expect(run(state, { type: 'sectionChanged', list: 'sections', id: 'gone', change: (s) => ({ ...s, heading: 'x' }) })).toBe(
      state,
    );
    expect(run(state, { type: 'sectionRemoved', list: 'sections', index: 5 })).toBe(state);
  });

  it('shows section errors on the Sections tab, and those of B’s sections on the Design tab', () => {
    expect(firstErrorTab({ 'sections.2.url': 'x', pixelGoogle: 'y' })).toBe('sections');
    expect(firstErrorTab({ 'sections.2.url': 'x', title: 'y' })).toBe('basic');
    expect(firstErrorTab({ 'sections.2.url': 'x', 'fields.1.label': 'y' })).toBe('sections');
    expect(firstErrorTab({ 'abTest.sections.0.items.1.photo': 'x' })).toBe('design');
    const shown = run(stateWith(), { type: 'errorsShown', errors: { 'sections.1.url': sectionMessages.videoUrl } });
    expect(shown.tab).toBe('sections');
  });
});

describe('variant B’s sections', () => {
  const testOn = (config = withSections()): FormConfig => ({ ...config, abTest: { ...config.abTest, enabled: true } });

  it('are A’s until B gets its own: a copy of A’s, edited apart from them, until it shows A’s again', () => {
    const page = testOn();
    let state = stateWith({}, page);
    // Without its own, an edit to B's list changes nothing.
    expect(run(state, { type: 'sectionRemoved', list: 'abTest.sections', index: 0 })).toBe(state);
    expect(run(state, { type: 'sectionAdded', list: 'abTest.sections', sectionType: 'cta', now: 1, timeZone: 'UTC' })).toBe(
      state,
    );

    state = run(state, { type: 'variantSectionsSet', sections: page.sections });
    expect(state.config.abTest.sections).toEqual(page.sections);
    state = run(
      state,
      { type: 'sectionReordered', list: 'abTest.sections', from: 2, to: 0 },
      { type: 'sectionRemoved', list: 'abTest.sections', index: 2 },
      { type: 'sectionAdded', list: 'abTest.sections', sectionType: 'cta', now: 5, timeZone: 'UTC' },
      { type: 'sectionChanged', list: 'abTest.sections', id: 's-c', change: (s) => ({ ...s, heading: 'B asks' }) },
    );
    expect(ids(state.config.abTest.sections)).toEqual(['s-c', 's-a', 'section-5']);
    expect(state.config.abTest.sections![0]!.heading).toBe('B asks');
    // A's are as they were.
    expect(state.config.sections).toEqual(page.sections);

    state = { ...state, errors: { 'abTest.sections.2.text': 'x', 'sections.1.url': 'y' } };
    state = run(state, { type: 'variantSectionsSet', sections: undefined });
    expect('sections' in state.config.abTest).toBe(false);
    expect(state.errors).toEqual({ 'sections.1.url': 'y' });
  });

  it('keep their errors apart from A’s when they move', () => {
    const page = testOn();
    let state = run(stateWith({}, page), { type: 'variantSectionsSet', sections: page.sections });
    state = { ...state, errors: { 'abTest.sections.1.url': 'b', 'sections.1.url': 'a' } };
    state = run(state, { type: 'sectionReordered', list: 'abTest.sections', from: 1, to: 2 });
    expect(state.errors).toEqual({ 'abTest.sections.2.url': 'b', 'sections.1.url': 'a' });
  });
});
