import { describe, expect, it } from 'vitest';
import { defaultFormConfig } from '@/domain/form-config';
import { parseHexInput } from './design-tab';
import { EDITOR_TABS, firstErrorTab, tabForErrorKey } from '@/web/features/page-creator/editor/editor-model';
import { editorReducer, initialEditorState } from '@/web/features/page-creator/editor/editor-reducer';

const IMAGE = { id: '0b9e2c55-5f0b-4a8e-9a57-3c2b3f1c7a10', width: 800, height: 600 };

describe('the Design tab in the editor', () => {
  it('is the last tab, after Tracking, and holds the design.* errors', () => {
    expect(EDITOR_TABS.map((t) => t.label)).toEqual([
      'Basic Info',
      'Sections',
      'Form Fields',
      'Settings',
      'Payment',
      'Tracking',
      'Design',
    ]);
    expect(tabForErrorKey('design.brandColor')).toBe('design');
    expect(tabForErrorKey('design')).toBe('design');
    expect(firstErrorTab({ 'design.coverAlt': 'Too long' })).toBe('design');
    expect(firstErrorTab({ 'design.coverAlt': 'Too long', pixelGoogle: 'Bad' })).toBe('tracking');
  });

  it('merges each change into the design as it is then, and clears that change’s error', () => {
    let state = initialEditorState(defaultFormConfig(), null);
    state = { ...state, errors: { 'design.brandColor': 'Use a colour like #4338CA', 'design.coverAlt': 'Too long', title: 'x' } };
    state = editorReducer(state, { type: 'designChanged', patch: { brandColor: '#0F766E' } });
    // An upload that finishes later brings only the image: the colour chosen meanwhile stays.
    state = editorReducer(state, { type: 'designChanged', patch: { cover: IMAGE } });
    expect(state.config.design).toMatchObject({ brandColor: '#0F766E', cover: IMAGE, background: 'tint', layout: 'top' });
    expect(state.errors).toEqual({ 'design.coverAlt': 'Too long', title: 'x' });
  });
});

describe('parseHexInput', () => {
  it('reads six or three hex digits, with or without #, in either case', () => {
    expect(parseHexInput('#4338ca')).toBe('#4338CA');
    expect(parseHexInput(' 4338CA ')).toBe('#4338CA');
    expect(parseHexInput('#43c')).toBe('#4433CC');
    expect(parseHexInput('fff')).toBe('#FFFFFF');
  });

  it('refuses anything else', () => {
    for (const text of ['', '#', '#4338c', '#4338cag', 'indigo', '#12345678', 'rgb(0,0,0)'])
      expect(parseHexInput(text)).toBeNull();
  });
});
