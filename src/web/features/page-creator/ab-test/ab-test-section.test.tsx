import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AB_RESTART_NOTICE } from '@/domain/ab-test';
import { defaultFormConfig, DEFAULT_DESIGN, type Design, type FormConfig } from '@/domain/form-config';
import { newSection } from '@/domain/sections';
import { editorReducer, initialEditorState } from '@/web/features/page-creator/editor/editor-reducer';
import { AbTestSection, variantSectionsToggled } from './ab-test-section';

const render = (config: FormConfig, errors: Record<string, string> = {}) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <AbTestSection config={config} errors={errors} onChange={() => {}} dispatch={() => {}} />
    </QueryClientProvider>,
  );

const withTest = (patch: Partial<FormConfig['abTest']> = {}): FormConfig => {
  const config = { ...defaultFormConfig(), title: 'The guide' };
  return { ...config, abTest: { ...config.abTest, enabled: true, split: 30, ...patch } };
};

const BRANDED: Design = {
  ...DEFAULT_DESIGN,
  brandColor: '#C2410C',
  background: 'gradient',
  font: 'rounded',
  buttonText: 'Send me the guide',
};

describe('the A/B test section of the Design tab', () => {
  it('is a switch while the test is off', () => {
    const html = render(defaultFormConfig());
    expect(html).toContain('Run an A/B test');
    expect(html).toMatch(
      /role="switch"[^>]*aria-checked="false"[^>]*id="creator-ab-enabled"|id="creator-ab-enabled"[^>]*aria-checked="false"/,
    );
    expect(html).not.toContain('Variant B title');
  });

  it('on: the split as a slider and a number, B’s words, B’s own design fields and what restarts the test', () => {
    const html = render(withTest(), { 'abTest.designChanges.brandColor': 'Use a colour like #4338CA' });
    expect(html).toMatch(/<input id="creator-ab-split" type="range" min="1" max="99"[^>]*value="30"/);
    expect(html).toMatch(/id="creator-ab-split-number"[^>]*value="30"/);
    expect(html).toContain('70% of visitors see A (the page), 30% see B.');
    expect(html).toMatch(/id="creator-ab-title"[^>]*value="The guide"/);
    expect(html).toContain('id="creator-ab-description"');
    // The Design tab's own controls, under ids of their own (the page's are creator-design-*).
    expect(html).toContain('id="creator-ab-design-colour"');
    expect(html).toContain('name="creator-ab-design-background"');
    expect(html).not.toContain('creator-design-');
    expect(html).toContain('Use a colour like #4338CA');
    expect(html).toContain(AB_RESTART_NOTICE.replace(/'/g, '&#x27;'));
    expect(html).toContain('Preview variant B');
  });

  it('starts B as a copy of the page: its words and its design are the page’s until the owner changes them', () => {
    const page = { ...defaultFormConfig(), title: 'The guide', description: 'All of it', design: BRANDED };
    const fresh = { ...page, abTest: { ...page.abTest, enabled: true } };
    // A draft saved before B kept only its changes: B's whole design, Lodestone's defaults included.
    const legacy = {
      ...page,
      abTest: { ...page.abTest, enabled: true, designChanges: undefined, design: { ...DEFAULT_DESIGN } },
    };
    for (const config of [fresh, legacy]) {
      const html = render(config);
      expect(html).toMatch(/id="creator-ab-title"[^>]*value="The guide"/);
      expect(html).toMatch(/id="creator-ab-description"[^>]*>All of it<\/textarea>/);
      expect(html).toMatch(/id="creator-ab-design-colour"[^>]*value="#C2410C"/);
      expect(html).toMatch(/id="creator-ab-design-button-text"[^>]*value="Send me the guide"/);
      expect(html).toContain('name="creator-ab-design-font" checked="" value="rounded"');
      expect(html).toContain('The same as the page’s design until you change something here.');
      expect(html).not.toContain('#4338CA');
    }
    // What B changed is shown, with a way back to the page's design.
    const changed = render({ ...page, abTest: { ...page.abTest, enabled: true, designChanges: { brandColor: '#0F766E' } } });
    expect(changed).toMatch(/id="creator-ab-design-colour"[^>]*value="#0F766E"/);
    expect(changed).toMatch(/id="creator-ab-design-button-text"[^>]*value="Send me the guide"/);
    expect(changed).toContain('Use the page&#x27;s design again');
  });

  it('shows A’s sections for B until B gets its own, a copy of A’s edited under ids of their own', () => {
    const faq = { ...newSection('faq'), id: 's-faq', heading: 'Before you ask' };
    const page = { ...withTest(), sections: [faq] };
    const same = render(page);
    expect(same).toContain('B shows the same sections as A.');
    expect(same).toMatch(/<button[^>]*>Change B’s sections<\/button>/);
    expect(same).not.toContain('creator-ab-sections-');

    // The button: B starts as a copy of A's sections; pressed again, B shows A's.
    let state = { ...initialEditorState(page, null) };
    state = editorReducer(state, variantSectionsToggled(state.config));
    expect(state.config.abTest.sections).toEqual([faq]);
    expect(state.config.sections).toEqual([faq]);
    state = editorReducer(state, variantSectionsToggled(state.config));
    expect(state.config.abTest.sections).toBeUndefined();

    const own = render(
      { ...page, abTest: { ...page.abTest, sections: [{ ...faq, heading: 'B asks' }] } },
      {
        'abTest.sections.0.heading': 'Too long',
      },
    );
    expect(own).toMatch(/<button[^>]*>Use A’s sections<\/button>/);
    expect(own).toMatch(/id="creator-ab-sections-s-faq-heading"[^>]*value="B asks"/);
    expect(own).toContain('Too long');
    expect(own).toContain('aria-label="Reorder FAQ: B asks"');
  });

  it('reads a draft saved before tests existed as one without a test', () => {
    const { abTest: _none, ...old } = defaultFormConfig();
    expect(render(old as FormConfig)).toContain('Run an A/B test');
  });
});
