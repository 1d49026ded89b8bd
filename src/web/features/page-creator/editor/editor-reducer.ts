import {
  EMAIL_FIELD_ID,
  isChoiceField,
  MAX_FIELDS,
  newField,
  type Design,
  type FormConfig,
  type FormField,
  type ImageRef,
  type LeadMagnetFile,
  type Payment,
} from '@/domain/form-config';
import type { Section, SectionType } from '@/domain/sections';
import type { StoredDraft } from '@/web/features/page-creator/draft/draft-store';
import { checkLeadMagnetFile, firstErrorTab, pixelError, type EditorErrors, type EditorTab } from './editor-model';
import { NO_LOCAL_IMAGES, withImageUploaded, type LocalImages } from '@/web/features/page-creator/draft/local-images';
import { moved, remapIndexedErrors, reorderedIndex } from './positions';
import {
  sectionAdded,
  sectionChanged,
  sectionRemoved,
  sectionReordered,
  variantSectionsSet,
  type SectionList,
} from './section-edits';

/** The page creator's two views: the editor, or the page as visitors will see it. */
export type EditorView = 'edit' | 'preview';

export type PixelKey = 'pixelFacebook' | 'pixelGoogle';

export type EditorState = {
  config: FormConfig;
  /** The chosen lead-magnet file while it is only in this browser; uploaded when publishing. */
  file: File | null;
  /** Logos and covers chosen before signing in, only in this browser so far (local-images.ts); uploaded when publishing. */
  images: LocalImages;
  /** The form this work is saved to: the edited one, or the one created by an earlier publish attempt. */
  targetId: string | null;
  /** Shown under the inputs; field errors are keyed by position ('fields.2.label'). */
  errors: EditorErrors;
  tab: EditorTab;
  view: EditorView;
  /** Bumped to move focus to the first input in error once its tab is shown. */
  focusErrorRequest: number;
};

export type EditorAction =
  /** The owner typed or toggled something of the page (not a field, not the payment). */
  | { type: 'configChanged'; patch: Partial<FormConfig> }
  | { type: 'paymentChanged'; patch: Partial<Payment> }
  /** The Design tab: merged into the design as it is now, so an image upload that ends later keeps newer changes. */
  | { type: 'designChanged'; patch: Partial<Design> }
  /** The owner left a pixel id input: it is checked now. */
  | { type: 'pixelLeft'; key: PixelKey }
  /** `problem`: what inspecting its contents found (inspectLeadMagnetFile), if anything. */
  | { type: 'fileChosen'; file: File; problem?: string | null }
  | { type: 'fileRemoved' }
  | { type: 'fieldChanged'; index: number; patch: Partial<FormField> }
  /** `now` names the new field ('field-{now}'), moved on when taken. */
  | { type: 'fieldAdded'; now: number }
  | { type: 'fieldRemoved'; index: number }
  /** A field dragged (or moved by keyboard) from one position to another; those between close up. */
  | { type: 'fieldReordered'; from: number; to: number }
  /** "Add section": a new section of that kind at the end (its deadline in the owner's time zone); `now` names it. */
  | { type: 'sectionAdded'; list: SectionList; sectionType: SectionType; now: number; timeZone: string }
  /** The section `id` as `change` makes it from what it is when the change arrives (an upload may end later). */
  | { type: 'sectionChanged'; list: SectionList; id: string; change: (section: Section) => Section }
  | { type: 'sectionRemoved'; list: SectionList; index: number }
  /** A section dragged (or moved by keyboard) from one position to another. */
  | { type: 'sectionReordered'; list: SectionList; from: number; to: number }
  /** Variant B gets its own sections (a copy of the page's), or shows the page's again (undefined). */
  | { type: 'variantSectionsSet'; sections: Section[] | undefined }
  | { type: 'tabSelected'; tab: EditorTab }
  | { type: 'viewSelected'; view: EditorView }
  /** Checks failed (in the browser or on the server): show them, on the first tab holding one. */
  | { type: 'errorsShown'; errors: EditorErrors }
  /** Checks passed. */
  | { type: 'errorsCleared' }
  /** The server refused the chosen file: it goes, and the upload says why. */
  | { type: 'uploadRefused'; message: string }
  /** The chosen file is stored: from now on the work points at it, so a retry does not upload it again. */
  | { type: 'leadMagnetUploaded'; leadMagnet: LeadMagnetFile }
  /** An image chosen signed out, kept in this browser under the id of its provisional ImageRef. */
  | { type: 'imageKept'; id: string; file: File }
  /** An image kept in this browser is stored: the page shows the stored one, so a retry does not upload it again. */
  | { type: 'imageUploaded'; id: string; ref: ImageRef }
  /** An image kept in this browser, or the chosen file, could not be uploaded while publishing: it stays, and says why (`key`: its place). */
  | { type: 'uploadFailed'; key: string; message: string }
  /** Saved (created, the first time): a retry updates this form instead of creating another one. */
  | { type: 'savedTo'; formId: string }
  /** The owner's earlier work, from this browser; `tab` when coming back to where they left. */
  | { type: 'draftRestored'; draft: StoredDraft; editId: string | null; tab?: EditorTab };

export function initialEditorState(config: FormConfig, editId: string | null): EditorState {
  return {
    config,
    file: null,
    images: NO_LOCAL_IMAGES,
    targetId: editId,
    errors: {},
    tab: 'basic',
    view: 'edit',
    focusErrorRequest: 0,
  };
}

/** The file the page gives away: the one chosen in this browser, or else the form's stored file. */
export function chosenFile(state: Pick<EditorState, 'config' | 'file'>): { name: string; size: number } | null {
  return state.file ? { name: state.file.name, size: state.file.size } : state.config.leadMagnet;
}

/** Field errors are keyed by position: move them along when fields move or go (null: the error goes). */
export function remapFieldErrors(errors: EditorErrors, newIndexOf: (oldIndex: number) => number | null): EditorErrors {
  return remapIndexedErrors(errors, 'fields', newIndexOf);
}

function withoutKeys(errors: EditorErrors, keys: string[]): EditorErrors {
  if (!keys.some((key) => key in errors)) return errors;
  const next = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

const pixelKind = (key: PixelKey) => (key === 'pixelFacebook' ? 'facebook' : 'google');

function withPixelChecked(errors: EditorErrors, key: PixelKey, value: string): EditorErrors {
  const error = pixelError(pixelKind(key), value);
  return error ? { ...errors, [key]: error } : withoutKeys(errors, [key]);
}

/** A new file replaces the stored one once published. */
const withoutStoredFile = (config: FormConfig): FormConfig => (config.leadMagnet ? { ...config, leadMagnet: null } : config);

function showErrors(state: EditorState, errors: EditorErrors): EditorState {
  return {
    ...state,
    errors,
    view: 'edit',
    tab: firstErrorTab(errors) ?? state.tab,
    focusErrorRequest: state.focusErrorRequest + 1,
  };
}

/** An edit clears the errors of what it changed; a pixel id flagged already is checked again as it is typed. */
function configChanged(state: EditorState, patch: Partial<FormConfig>): EditorState {
  let errors = state.errors;
  for (const key of Object.keys(patch) as (keyof FormConfig)[]) {
    if (key === 'pixelFacebook' || key === 'pixelGoogle') {
      // Re-checked live only once flagged; otherwise when the owner leaves the input.
      if (key in errors) errors = withPixelChecked(errors, key, patch[key] ?? '');
    } else {
      errors = withoutKeys(errors, [key]);
    }
  }
  return { ...state, config: { ...state.config, ...patch }, errors };
}

/** The errors a change to a field clears: those of what it changed (a new type, all of its setup). */
function clearedBy(index: number, patch: Partial<FormField>): string[] {
  const keys: string[] = [];
  if ('label' in patch) keys.push(`fields.${index}.label`);
  if ('options' in patch || 'type' in patch) keys.push(`fields.${index}.options`);
  if ('param' in patch || 'type' in patch) keys.push(`fields.${index}.param`);
  return keys;
}

/**
 * A new type keeps what still applies: options only for dropdowns and radio groups, a link
 * parameter only for hidden fields, which are never required (a visitor cannot fill them in).
 */
function withTypeRules(field: FormField, patch: Partial<FormField>): Partial<FormField> {
  if (!patch.type || patch.type === field.type) return patch;
  const next = { ...patch };
  if (!isChoiceField({ type: patch.type })) next.options = [];
  if (patch.type === 'hidden') next.required = false;
  else next.param = '';
  return next;
}

function fieldChanged(state: EditorState, index: number, patch: Partial<FormField>): EditorState {
  const { config } = state;
  const field = config.fields[index];
  const errors = withoutKeys(state.errors, clearedBy(index, patch));
  if (!field) return { ...state, errors };
  // The email field's label, type and required flag are locked (docs/product.md#fields); its wording is not.
  const allowed =
    field.id === EMAIL_FIELD_ID
      ? { placeholder: patch.placeholder ?? field.placeholder, helpText: patch.helpText ?? field.helpText }
      : withTypeRules(field, patch);
  const fields = config.fields.map((f, i) => (i === index ? { ...f, ...allowed } : f));
  return { ...state, config: { ...config, fields }, errors };
}

function fieldAdded(state: EditorState, now: number): EditorState {
  const { fields } = state.config;
  if (fields.length >= MAX_FIELDS) return state;
  let id = now;
  while (fields.some((f) => f.id === `field-${id}`)) id += 1;
  return { ...state, config: { ...state.config, fields: [...fields, newField(id)] } };
}

function fieldRemoved(state: EditorState, index: number): EditorState {
  const { fields } = state.config;
  const field = fields[index];
  // The email field stays (docs/product.md#fields); the editor says so.
  if (!field || field.id === EMAIL_FIELD_ID) return state;
  return {
    ...state,
    config: { ...state.config, fields: fields.filter((_, i) => i !== index) },
    errors: remapFieldErrors(state.errors, (old) => (old === index ? null : old > index ? old - 1 : old)),
  };
}

function fieldReordered(state: EditorState, from: number, to: number): EditorState {
  const next = moved(state.config.fields, from, to);
  if (!next) return state;
  return {
    ...state,
    config: { ...state.config, fields: next },
    errors: remapFieldErrors(state.errors, (old) => reorderedIndex(old, from, to)),
  };
}

/** A section edit's outcome; null: nothing to change (a limit reached, a section gone meanwhile). */
const edited = (state: EditorState, result: Pick<EditorState, 'config' | 'errors'> | null): EditorState =>
  result ? { ...state, ...result } : state;

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'configChanged':
      return configChanged(state, action.patch);
    case 'paymentChanged':
      return {
        ...state,
        config: { ...state.config, payment: { ...state.config.payment, ...action.patch } },
        errors: withoutKeys(state.errors, ['payment', ...Object.keys(action.patch).map((key) => `payment.${key}`)]),
      };
    case 'designChanged':
      return {
        ...state,
        config: { ...state.config, design: { ...state.config.design, ...action.patch } },
        errors: withoutKeys(state.errors, ['design', ...Object.keys(action.patch).map((key) => `design.${key}`)]),
      };
    case 'pixelLeft':
      return { ...state, errors: withPixelChecked(state.errors, action.key, state.config[action.key]) };
    case 'fileChosen': {
      const problem = action.problem ?? checkLeadMagnetFile(action.file);
      if (problem) return { ...state, errors: { ...state.errors, leadMagnet: problem } };
      return {
        ...state,
        file: action.file,
        config: withoutStoredFile(state.config),
        errors: withoutKeys(state.errors, ['leadMagnet']),
      };
    }
    case 'fileRemoved':
      return { ...state, file: null, config: withoutStoredFile(state.config) };
    case 'fieldChanged':
      return fieldChanged(state, action.index, action.patch);
    case 'fieldAdded':
      return fieldAdded(state, action.now);
    case 'fieldRemoved':
      return fieldRemoved(state, action.index);
    case 'fieldReordered':
      return fieldReordered(state, action.from, action.to);
    case 'sectionAdded':
      return edited(state, sectionAdded(state, action.list, action.sectionType, action.now, action.timeZone));
    case 'sectionChanged':
      return edited(state, sectionChanged(state, action.list, action.id, action.change));
    case 'sectionRemoved':
      return edited(state, sectionRemoved(state, action.list, action.index));
    case 'sectionReordered':
      return edited(state, sectionReordered(state, action.list, action.from, action.to));
    case 'variantSectionsSet':
      return edited(state, variantSectionsSet(state, action.sections));
    case 'tabSelected':
      return { ...state, tab: action.tab };
    case 'viewSelected':
      return { ...state, view: action.view };
    case 'errorsShown':
      return showErrors(state, action.errors);
    case 'errorsCleared':
      return { ...state, errors: {} };
    case 'uploadRefused':
      return showErrors({ ...state, file: null }, { leadMagnet: action.message });
    case 'leadMagnetUploaded':
      return { ...state, config: { ...state.config, leadMagnet: action.leadMagnet }, file: null };
    case 'imageKept':
      return { ...state, images: { ...state.images, [action.id]: action.file } };
    case 'imageUploaded': {
      const { [action.id]: _uploaded, ...images } = state.images;
      return { ...state, config: withImageUploaded(state.config, action.id, action.ref), images };
    }
    case 'uploadFailed':
      return showErrors(state, { [action.key]: action.message });
    case 'savedTo':
      return { ...state, targetId: action.formId };
    case 'draftRestored':
      return {
        ...state,
        config: action.draft.config,
        file: action.draft.file,
        images: action.draft.images ?? NO_LOCAL_IMAGES,
        targetId: action.draft.editId ?? action.editId,
        errors: {},
        tab: action.tab ?? state.tab,
      };
  }
}
