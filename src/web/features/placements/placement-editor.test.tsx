import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLACEMENT, type PlacementSettings, placementMessages } from '@/domain/placements';
import { draftErrors, draftFromSettings, newPlacementSettings, placementSummary, settingsFromDraft } from './placement-draft';
import { PlacementEditor } from './placement-editor';

const editor = (settings: Partial<PlacementSettings>, errors = {}, readOnly = false) =>
  renderToStaticMarkup(
    <PlacementEditor
      draft={draftFromSettings({ ...DEFAULT_PLACEMENT, ...settings })}
      onChange={() => {}}
      errors={errors}
      readOnly={readOnly}
      onSubmit={() => {}}
    />,
  );

describe('the placement editor', () => {
  it('asks for seconds only when the trigger is a time, and for a percentage only when it is scrolling', () => {
    const load = editor({ trigger: 'load' });
    expect(load).toContain('Seconds after the page loads');
    expect(load).not.toContain('How far down the page');
    expect(load).not.toContain('On phones and tablets');

    const scroll = editor({ trigger: 'scroll' });
    expect(scroll).toContain('How far down the page');
    expect(scroll).not.toContain('Seconds after the page loads');

    for (const trigger of ['click', 'manual'] as const) {
      const html = editor({ trigger });
      expect(html, trigger).not.toContain('placement-delay');
      expect(html, trigger).not.toContain('placement-scroll');
    }
  });

  it('offers the mobile rule for exit intent, with seconds only when that rule is time', () => {
    const scrollUp = editor({ trigger: 'exit', exitMobile: 'scroll-up' });
    expect(scrollUp).toContain('On phones and tablets');
    expect(scrollUp).toContain('After a quick scroll back up');
    expect(scrollUp).not.toContain('placement-delay');
    expect(editor({ trigger: 'exit', exitMobile: 'time' })).toContain('Seconds on the page before it opens on phones');
  });

  it("shows each display's own settings and no other's", () => {
    const bar = editor({ display: 'bar' });
    expect(bar).toContain('Bar text');
    expect(bar).toContain('Top of the window');
    expect(bar).not.toContain('Bottom right');

    const slideIn = editor({ display: 'slide-in' });
    expect(slideIn).toContain('Bottom right');
    expect(slideIn).not.toContain('Bar text');

    const inline = editor({ display: 'inline' });
    expect(inline).toContain('The form only');
    expect(inline).toContain('The whole page');
    // An inline placement shows as the page loads and has no close: no trigger, no days.
    expect(inline).not.toContain('placement-trigger');
    expect(inline).not.toContain('days after it');

    const popup = editor({ display: 'popup' });
    expect(popup).toContain('Don&#x27;t show again for');
    expect(popup).toContain('days after it&#x27;s closed');
    expect(popup).not.toContain('The form only');
  });

  it('shows an error beside its field, tied to it for screen readers', () => {
    const html = editor(
      {},
      { showOn: `“blog”: ${placementMessages.pattern}`, delaySeconds: 'Enter a whole number of seconds from 0 to 600' },
    );
    expect(html).toMatch(
      /id="placement-show-on"[^>]*aria-invalid="true"[^>]*aria-describedby="placement-show-on-hint placement-show-on-error"/,
    );
    expect(html).toContain('id="placement-show-on-error"');
    expect(html).toContain('A pattern is a path like /blog/*');
    expect(html).toMatch(/id="placement-delay"[^>]*aria-invalid="true"/);
  });

  it('lets a viewer see every setting and change none', () => {
    const html = editor({ display: 'bar', barText: 'Free guide' }, {}, true);
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(html).toContain('value="Free guide"');
  });
});

describe("the editor's settings", () => {
  it('save what the owner chose, with one pattern per line and the numbers as numbers', () => {
    const draft = {
      ...draftFromSettings(newPlacementSettings('slide-in')),
      name: '  Guide slide-in ',
      trigger: 'scroll' as const,
      scrollPercent: '60',
      closedDays: '14',
      showOn: '/blog/*\n\n  https://example.com/shop/*  \n',
      hideOn: '/blog/private*',
      corner: 'bottom-left' as const,
    };
    const result = settingsFromDraft(draft);
    expect(result).toEqual({
      ok: true,
      settings: {
        ...DEFAULT_PLACEMENT,
        name: 'Guide slide-in',
        display: 'slide-in',
        trigger: 'scroll',
        scrollPercent: 60,
        closedDays: 14,
        showOn: ['/blog/*', 'https://example.com/shop/*'],
        hideOn: ['/blog/private*'],
        corner: 'bottom-left',
      },
    });
  });

  it('keep everything an edited placement had', () => {
    const saved: PlacementSettings = {
      ...DEFAULT_PLACEMENT,
      name: 'Bar',
      display: 'bar',
      barText: 'Get the checklist',
      barPosition: 'top',
      trigger: 'exit',
      exitMobile: 'time',
      delaySeconds: 20,
      devices: 'desktop',
      showOn: ['/docs/*'],
      closedDays: 0,
    };
    expect(settingsFromDraft(draftFromSettings(saved))).toEqual({ ok: true, settings: saved });
  });

  it('name the bad pattern line and the bad numbers, in words', () => {
    const draft = {
      ...draftFromSettings(DEFAULT_PLACEMENT),
      name: ' ',
      delaySeconds: '2.5',
      closedDays: '400',
      showOn: '/blog/*\nblog',
    };
    const result = settingsFromDraft(draft);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: placementMessages.name,
      delaySeconds: 'Enter a whole number of seconds from 0 to 600',
      closedDays: 'Enter a whole number of days from 0 to 365',
      showOn: `“blog”: ${placementMessages.pattern}`,
    });
  });

  it("put the API's field errors beside the editor's fields", () => {
    const draft = { ...draftFromSettings(DEFAULT_PLACEMENT), hideOn: '/ok\nhttps://x y' };
    expect(
      draftErrors(
        { 'hideOn.1': placementMessages.pattern, scrollPercent: 'Too big: expected number to be <=100', other: 'Odd' },
        draft,
      ),
    ).toEqual({
      hideOn: `“https://x y”: ${placementMessages.pattern}`,
      scrollPercent: 'Enter a whole percentage from 1 to 100',
      _: 'Odd',
    });
  });

  it('start a new placement from the defaults, named after its display', () => {
    expect(newPlacementSettings('bar')).toEqual({ ...DEFAULT_PLACEMENT, name: 'Bar', display: 'bar' });
  });

  it('read in the list as display, trigger and devices', () => {
    expect(placementSummary(DEFAULT_PLACEMENT)).toBe('Popup · 5 s after load · all devices');
    expect(placementSummary({ ...DEFAULT_PLACEMENT, display: 'slide-in', trigger: 'scroll', devices: 'mobile' })).toBe(
      'Slide-in · after 50 % scrolled · mobile only',
    );
    expect(placementSummary({ ...DEFAULT_PLACEMENT, display: 'bar', trigger: 'exit', devices: 'desktop' })).toBe(
      'Bar · on exit intent · desktop only',
    );
    expect(placementSummary({ ...DEFAULT_PLACEMENT, display: 'inline', trigger: 'exit' })).toBe(
      'Inline · form, in your page · all devices',
    );
  });
});
