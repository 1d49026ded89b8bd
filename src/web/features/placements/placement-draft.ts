import {
  DEFAULT_PLACEMENT,
  type PlacementDisplay,
  type PlacementSettings,
  placementMessages,
  placementSettingsSchema,
} from '@/domain/placements';
import { DISPLAY_LABELS } from './display-labels';

/**
 * What the editor holds while the owner types: the settings with the numbers and the URL patterns
 * as the text of their fields, so a half-typed value is kept as typed (and is what a failed save keeps).
 */
export type PlacementDraft = Omit<PlacementSettings, 'delaySeconds' | 'scrollPercent' | 'closedDays' | 'showOn' | 'hideOn'> & {
  delaySeconds: string;
  scrollPercent: string;
  closedDays: string;
  /** One pattern per line. */
  showOn: string;
  hideOn: string;
};

/** Field errors by the editor's field name (showOn, delaySeconds, …; `_` for the whole placement). */
export type DraftErrors = Partial<Record<keyof PlacementDraft | '_', string>>;

/** A new placement of this display: the schema's defaults, named after the display. */
export const newPlacementSettings = (display: PlacementDisplay): PlacementSettings => ({
  ...DEFAULT_PLACEMENT,
  name: DISPLAY_LABELS[display],
  display,
});

export function draftFromSettings(settings: PlacementSettings): PlacementDraft {
  return {
    ...settings,
    delaySeconds: String(settings.delaySeconds),
    scrollPercent: String(settings.scrollPercent),
    closedDays: String(settings.closedDays),
    showOn: settings.showOn.join('\n'),
    hideOn: settings.hideOn.join('\n'),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Whole numbers only; anything else is NaN, which the schema refuses (with our message below). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** Plain-words messages for the limits the schema states only as numbers. */
const LIMIT_MESSAGES: Partial<Record<keyof PlacementDraft, string>> = {
  name: placementMessages.name,
  delaySeconds: 'Enter a whole number of seconds from 0 to 600',
  scrollPercent: 'Enter a whole percentage from 1 to 100',
  closedDays: 'Enter a whole number of days from 0 to 365',
  barText: "Keep the bar's text to 140 characters",
};

/**
 * Error keys as the API names them (`showOn.2`, `delaySeconds`) to the editor's fields, with a
 * pattern's line number in front of the schema's message so the owner finds the bad line.
 */
export function draftErrors(errors: Record<string, string>, draft: PlacementDraft): DraftErrors {
  const out: DraftErrors = {};
  for (const [key, message] of Object.entries(errors)) {
    const [field, index] = key.split('.') as [string, string | undefined];
    if (field === 'showOn' || field === 'hideOn') {
      const line = index === undefined ? undefined : lines(draft[field])[Number(index)];
      out[field] ??= line === undefined ? message : `“${line}”: ${message}`;
    } else if (field in LIMIT_MESSAGES && field !== 'name') {
      out[field as keyof PlacementDraft] ??= LIMIT_MESSAGES[field as keyof PlacementDraft];
    } else if (field in draft) {
      out[field as keyof PlacementDraft] ??= message;
    } else {
      out._ ??= message;
    }
  }
  return out;
}

/** The settings to save, or the errors to show beside the fields (checked as the server checks them). */
export function settingsFromDraft(
  draft: PlacementDraft,
): { ok: true; settings: PlacementSettings } | { ok: false; errors: DraftErrors } {
  const parsed = placementSettingsSchema.safeParse({
    ...draft,
    delaySeconds: wholeNumber(draft.delaySeconds),
    scrollPercent: wholeNumber(draft.scrollPercent),
    closedDays: wholeNumber(draft.closedDays),
    showOn: lines(draft.showOn),
    hideOn: lines(draft.hideOn),
  });
  if (parsed.success) return { ok: true, settings: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  // The name's length limit has no message of its own in the schema.
  if (errors.name && draft.name.trim() !== '') errors.name = 'Keep the name to 80 characters';
  return { ok: false, errors: draftErrors(errors, draft) };
}

/** Only the whole numbers the fields hold, for the preview while the owner is typing (defaults stand in). */
export function previewSettings(draft: PlacementDraft): PlacementSettings {
  const result = settingsFromDraft(draft);
  if (result.ok) return result.settings;
  const number = (text: string, fallback: number) => (Number.isFinite(wholeNumber(text)) ? wholeNumber(text) : fallback);
  return {
    ...draft,
    name: draft.name.trim() || DISPLAY_LABELS[draft.display],
    barText: draft.barText.trim().slice(0, 140),
    delaySeconds: Math.min(600, number(draft.delaySeconds, DEFAULT_PLACEMENT.delaySeconds)),
    scrollPercent: Math.min(100, Math.max(1, number(draft.scrollPercent, DEFAULT_PLACEMENT.scrollPercent))),
    closedDays: Math.min(365, number(draft.closedDays, DEFAULT_PLACEMENT.closedDays)),
    // In the preview, a bad line is left out rather than stopping the whole preview.
    showOn: [],
    hideOn: [],
  };
}

const DEVICE_WORDS = { all: 'all devices', mobile: 'mobile only', desktop: 'desktop only' } as const;

/** When it shows, in words: "5 s after load", "after 50 % scrolled", "on exit intent". */
export function triggerInWords(settings: PlacementSettings): string {
  if (settings.display === 'inline') return settings.inlineContent === 'page' ? 'whole page, in your page' : 'form, in your page';
  switch (settings.trigger) {
    case 'load':
      return settings.delaySeconds === 0 ? 'as the page loads' : `${settings.delaySeconds} s after load`;
    case 'scroll':
      return `after ${settings.scrollPercent} % scrolled`;
    case 'exit':
      return 'on exit intent';
    case 'click':
      return 'on a click';
    case 'manual':
      return "opened by your site's code";
  }
}

/** The list's line for a placement: "Popup · 5 s after load · all devices". */
export const placementSummary = (settings: PlacementSettings) =>
  [DISPLAY_LABELS[settings.display], triggerInWords(settings), DEVICE_WORDS[settings.devices]].join(' · ');
