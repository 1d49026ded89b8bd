import { describe, expect, it } from 'vitest';
import {
  defaultFormConfig,
  EMAIL_FIELD_ID,
  formMessages,
  LEAD_MAGNET_MAX_BYTES,
  MAX_FIELDS,
  newField,
  pixelMessages,
  type FormConfig,
  type FormField,
  type ImageRef,
  type LeadMagnetFile,
} from '@/domain/form-config';
import { fileMessages } from '@/domain/file-kinds';
import type { StoredDraft } from '@/web/features/page-creator/draft/draft-store';
import { chosenFile, editorReducer, initialEditorState, type EditorAction, type EditorState } from './editor-reducer';
import type { EditorErrors } from './editor-model';
import { reorderedIndex } from './positions';

const pdf = (name = 'guide.pdf', size = 2048) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const stored: LeadMagnetFile = { id: '00000000-0000-4000-8000-000000000001', name: 'stored.pdf', size: 4096, kind: 'pdf' };

/** A page with the email field and three more ('A', 'B', 'C'). */
function withFields(): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    fields: [config.fields[0]!, { ...newField(1), label: 'A' }, { ...newField(2), label: 'B' }, { ...newField(3), label: 'C' }],
  };
}

const stateWith = (patch: Partial<EditorState> = {}, config: FormConfig = withFields()): EditorState => ({
  ...initialEditorState(config, null),
  ...patch,
});

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const labels = (state: EditorState) => state.config.fields.map((f) => f.label);

describe('the fields and their errors', () => {
  const errors: EditorErrors = {
    title: formMessages.titleRequired,
    'fields.1.label': 'error of A',
    'fields.2.label': 'error of B',
    'fields.3.label': 'error of C',
  };

  it('reorders a field (dragged from one position to another) with its error; those between close up', () => {
    const down = run(stateWith({ errors }), { type: 'fieldReordered', from: 1, to: 3 });
    expect(labels(down)).toEqual(['Email Address', 'B', 'C', 'A']);
    expect(down.errors).toEqual({
      title: formMessages.titleRequired,
      'fields.1.label': 'error of B',
      'fields.2.label': 'error of C',
      'fields.3.label': 'error of A',
    });
    const back = run(down, { type: 'fieldReordered', from: 3, to: 1 });
    expect(labels(back)).toEqual(['Email Address', 'A', 'B', 'C']);
    expect(back.errors).toEqual(errors);
    // The email field moves like any other (it stays, locked, wherever it is).
    const emailLast = run(stateWith(), { type: 'fieldReordered', from: 0, to: 3 });
    expect(labels(emailLast)).toEqual(['A', 'B', 'C', 'Email Address']);
  });

  it('keeps the fields as they are for a drop in place or out of range', () => {
    const state = stateWith({ errors });
    expect(run(state, { type: 'fieldReordered', from: 2, to: 2 })).toBe(state);
    expect(run(state, { type: 'fieldReordered', from: 4, to: 1 })).toBe(state);
    expect(run(state, { type: 'fieldReordered', from: 1, to: 4 })).toBe(state);
    expect(run(state, { type: 'fieldReordered', from: 1, to: -1 })).toBe(state);
  });

  it('knows where each field ends up', () => {
    const order = (from: number, to: number) => [0, 1, 2, 3].map((i) => reorderedIndex(i, from, to));
    expect(order(1, 3)).toEqual([0, 3, 1, 2]);
    expect(order(3, 0)).toEqual([1, 2, 3, 0]);
    expect(order(2, 2)).toEqual([0, 1, 2, 3]);
  });

  it("drops a removed field's error and moves the errors of the fields after it up", () => {
    const next = run(stateWith({ errors }), { type: 'fieldRemoved', index: 2 });
    expect(labels(next)).toEqual(['Email Address', 'A', 'C']);
    expect(next.errors).toEqual({
      title: formMessages.titleRequired,
      'fields.1.label': 'error of A',
      'fields.2.label': 'error of C',
    });
  });

  it('never removes the email field', () => {
    const state = stateWith({ errors });
    expect(run(state, { type: 'fieldRemoved', index: 0 })).toBe(state);
    expect(state.config.fields[0]!.id).toBe(EMAIL_FIELD_ID);
  });

  it("clears a field's label error when its label is typed, and only that one", () => {
    const next = run(stateWith({ errors }), { type: 'fieldChanged', index: 2, patch: { label: 'Company' } });
    expect(next.config.fields[2]!.label).toBe('Company');
    expect(next.errors).toEqual({
      title: formMessages.titleRequired,
      'fields.1.label': 'error of A',
      'fields.3.label': 'error of C',
    });
    // Other edits of the field leave its label error.
    const typed = run(stateWith({ errors }), { type: 'fieldChanged', index: 2, patch: { placeholder: 'x', required: true } });
    expect(typed.errors).toEqual(errors);
    expect(typed.config.fields[2]).toMatchObject({ label: 'B', placeholder: 'x', required: true });
  });

  it("keeps the email field's label, type and required flag; only its placeholder and help text change", () => {
    const next = run(stateWith(), {
      type: 'fieldChanged',
      index: 0,
      patch: { label: 'Mail', type: 'hidden', required: false, placeholder: 'you@example.com', helpText: 'No spam.', param: 'e' },
    });
    expect(next.config.fields[0]).toEqual({
      id: EMAIL_FIELD_ID,
      type: 'email',
      label: 'Email Address',
      placeholder: 'you@example.com',
      required: true,
      options: [],
      helpText: 'No spam.',
      param: '',
    });
  });

  it('keeps what a new type still uses: options for dropdowns and radios, a parameter for hidden fields', () => {
    const change = (state: EditorState, patch: Partial<FormField>) => run(state, { type: 'fieldChanged', index: 1, patch });
    const dropdown = change(stateWith(), { type: 'dropdown', options: ['Small', 'Large'], helpText: 'Pick one' });
    expect(dropdown.config.fields[1]).toMatchObject({ type: 'dropdown', options: ['Small', 'Large'], helpText: 'Pick one' });
    // Dropdown to radio group: the same choices.
    const radio = change(dropdown, { type: 'radio' });
    expect(radio.config.fields[1]).toMatchObject({ type: 'radio', options: ['Small', 'Large'] });
    // To a type without choices: they go; the help text stays.
    expect(change(radio, { type: 'date' }).config.fields[1]).toMatchObject({ type: 'date', options: [], helpText: 'Pick one' });
    // Hidden fields are never required; their parameter goes when they stop being hidden.
    const required = change(stateWith(), { required: true });
    const hidden = change(required, { type: 'hidden', param: 'utm_source' });
    expect(hidden.config.fields[1]).toMatchObject({ type: 'hidden', required: false, param: 'utm_source' });
    expect(change(hidden, { type: 'text' }).config.fields[1]).toMatchObject({ type: 'text', param: '' });
  });

  it("clears a field's options or parameter error when they (or its type) change", () => {
    const setupErrors: EditorErrors = { 'fields.1.options': 'Add at least one option', 'fields.2.param': 'Enter the parameter' };
    const state = stateWith({ errors: setupErrors });
    const options = run(state, { type: 'fieldChanged', index: 1, patch: { options: ['Yes'] } });
    expect(options.errors).toEqual({ 'fields.2.param': 'Enter the parameter' });
    const param = run(state, { type: 'fieldChanged', index: 2, patch: { param: 'ref' } });
    expect(param.errors).toEqual({ 'fields.1.options': 'Add at least one option' });
    const retyped = run(state, { type: 'fieldChanged', index: 1, patch: { type: 'text' } });
    expect(retyped.errors).toEqual({ 'fields.2.param': 'Enter the parameter' });
    // A drag takes them along.
    const dragged = run(state, { type: 'fieldReordered', from: 1, to: 3 });
    expect(dragged.errors).toEqual({ 'fields.3.options': 'Add at least one option', 'fields.1.param': 'Enter the parameter' });
  });

  it("adds 'New Field' under an unused id, up to the limit", () => {
    const state = stateWith({ errors });
    const added = run(state, { type: 'fieldAdded', now: 1 }, { type: 'fieldAdded', now: 1 });
    // field-1 is taken ('A'): the new ones get the next free ids.
    expect(added.config.fields.slice(4).map((f) => f.id)).toEqual(['field-4', 'field-5']);
    expect(added.config.fields[4]).toEqual(newField(4));
    expect(added.errors).toBe(errors);

    const full = stateWith({}, { ...defaultFormConfig(), fields: Array.from({ length: MAX_FIELDS }, (_, i) => newField(i)) });
    expect(run(full, { type: 'fieldAdded', now: 100 })).toBe(full);
  });
});

describe('editing the page clears the right errors', () => {
  it('clears the errors of the inputs changed, and no others', () => {
    const errors = { title: 't', businessName: 'b', 'fields.1.label': 'f', pixelGoogle: pixelMessages.google };
    const next = run(stateWith({ errors }), { type: 'configChanged', patch: { title: 'T', description: 'D' } });
    expect(next.config).toMatchObject({ title: 'T', description: 'D' });
    expect(next.errors).toEqual({ businessName: 'b', 'fields.1.label': 'f', pixelGoogle: pixelMessages.google });
  });

  it('checks a pixel id when its input is left, and then live as it is typed', () => {
    let state = run(stateWith(), { type: 'configChanged', patch: { pixelFacebook: '12a' } });
    // Not flagged while first typed.
    expect(state.errors).toEqual({});
    state = run(state, { type: 'pixelLeft', key: 'pixelFacebook' });
    expect(state.errors).toEqual({ pixelFacebook: pixelMessages.facebook });
    state = run(state, { type: 'configChanged', patch: { pixelFacebook: '12ab' } });
    expect(state.errors).toEqual({ pixelFacebook: pixelMessages.facebook });
    state = run(state, { type: 'configChanged', patch: { pixelFacebook: '1234567' } });
    expect(state.errors).toEqual({});
    // A good or empty id left alone raises nothing.
    expect(run(state, { type: 'pixelLeft', key: 'pixelFacebook' }).errors).toEqual({});
    expect(run(stateWith(), { type: 'pixelLeft', key: 'pixelGoogle' }).errors).toEqual({});
    expect(run(stateWith({ errors: { pixelGoogle: 'old' } }), { type: 'pixelLeft', key: 'pixelGoogle' }).errors).toEqual({});
  });

  it('clears the payment errors of the settings changed, and the provider error with any payment change', () => {
    const errors = { payment: 'Stripe is not connected', 'payment.fixedAmount': 'f', 'payment.pwywMinimum': 'm', title: 't' };
    const next = run(stateWith({ errors }), { type: 'paymentChanged', patch: { fixedAmount: 500 } });
    expect(next.config.payment).toEqual({ ...defaultFormConfig().payment, fixedAmount: 500 });
    expect(next.errors).toEqual({ 'payment.pwywMinimum': 'm', title: 't' });
  });
});

describe('the PDF', () => {
  it('takes a chosen PDF in place of the stored one and clears the upload error', () => {
    const state = stateWith({ errors: { leadMagnet: formMessages.leadMagnetRequired } }, { ...withFields(), leadMagnet: stored });
    const file = pdf('new.pdf', 3000);
    const next = run(state, { type: 'fileChosen', file });
    expect(next.file).toBe(file);
    expect(next.config.leadMagnet).toBeNull();
    expect(next.errors).toEqual({});
    expect(chosenFile(next)).toEqual({ name: 'new.pdf', size: 3000 });
  });

  it('refuses a file of another kind, too big, or whose contents are not what its name says, keeping the file chosen before', () => {
    const file = pdf();
    const state = run(stateWith(), { type: 'fileChosen', file });
    const notPdf = run(state, { type: 'fileChosen', file: new File(['x'], 'notes.txt', { type: 'text/plain' }) });
    expect(notPdf.errors).toEqual({ leadMagnet: fileMessages.unsupported });
    expect(notPdf.file).toBe(file);
    const renamed = run(state, { type: 'fileChosen', file: pdf('photo.png'), problem: fileMessages.notReally('png', 'pdf') });
    expect(renamed.errors).toEqual({ leadMagnet: 'This file is not really a .png (it is a PDF document)' });
    expect(renamed.file).toBe(file);
    const tooBig = run(state, { type: 'fileChosen', file: pdf('big.pdf', LEAD_MAGNET_MAX_BYTES + 1) });
    expect(tooBig.errors).toEqual({ leadMagnet: formMessages.fileTooLarge });
    expect(tooBig.file).toBe(file);
  });

  it('removes a chosen and a stored PDF alike', () => {
    const state = stateWith({ file: pdf() }, { ...withFields(), leadMagnet: stored });
    const next = run(state, { type: 'fileRemoved' });
    expect(next.file).toBeNull();
    expect(next.config.leadMagnet).toBeNull();
    expect(chosenFile(next)).toBeNull();
    expect(chosenFile(stateWith({}, { ...withFields(), leadMagnet: stored }))).toEqual(stored);
  });

  it('once uploaded, points at the stored file instead of the local one', () => {
    const next = run(stateWith({ file: pdf() }), { type: 'leadMagnetUploaded', leadMagnet: stored });
    expect(next.file).toBeNull();
    expect(next.config.leadMagnet).toEqual(stored);
  });

  it('drops a PDF the server refused and shows why on the Basic Info tab', () => {
    const state = stateWith({ file: pdf(), tab: 'tracking', view: 'preview' });
    const next = run(state, { type: 'uploadRefused', message: formMessages.fileTooLarge });
    expect(next.file).toBeNull();
    expect(next.errors).toEqual({ leadMagnet: formMessages.fileTooLarge });
    expect(next).toMatchObject({ tab: 'basic', view: 'edit', focusErrorRequest: state.focusErrorRequest + 1 });
  });
});

describe('checks, views and drafts', () => {
  it('shows errors on the first tab holding one, in the editor, and asks for focus each time', () => {
    const state = stateWith({ tab: 'basic', view: 'preview', errors: { title: 'old' } });
    const errors = { pixelGoogle: pixelMessages.google, 'fields.1.label': formMessages.fieldLabelRequired };
    const once = run(state, { type: 'errorsShown', errors });
    expect(once).toMatchObject({ errors, tab: 'fields', view: 'edit', focusErrorRequest: 1 });
    expect(run(once, { type: 'errorsShown', errors }).focusErrorRequest).toBe(2);
    // No error names a tab: the tab stays.
    expect(run(stateWith({ tab: 'payment' }), { type: 'errorsShown', errors: {} }).tab).toBe('payment');
    expect(run(once, { type: 'errorsCleared' }).errors).toEqual({});
  });

  it('opens the Preview view the same way from its tab and from the Preview button: no request to make first', () => {
    const switched = run(stateWith(), { type: 'viewSelected', view: 'preview' });
    expect(switched).toEqual({ ...stateWith(), view: 'preview' });
    expect(run(switched, { type: 'viewSelected', view: 'edit' })).toEqual(stateWith());
    expect(run(stateWith(), { type: 'tabSelected', tab: 'settings' }).tab).toBe('settings');
  });

  it('remembers the form saved to', () => {
    expect(initialEditorState(defaultFormConfig(), 'form-1').targetId).toBe('form-1');
    expect(run(stateWith(), { type: 'savedTo', formId: 'form-2' }).targetId).toBe('form-2');
  });

  it('restores a draft with its PDF and form, without its old errors, on the tab asked for', () => {
    const file = pdf('draft.pdf');
    const draft: StoredDraft = { key: 'new', editId: 'form-9', config: { ...withFields(), title: 'Drafted' }, file, savedAt: 1 };
    const state = stateWith({ errors: { title: 't' }, tab: 'settings' });
    const restored = run(state, { type: 'draftRestored', draft, editId: null });
    expect(restored).toMatchObject({ config: draft.config, file, targetId: 'form-9', errors: {}, tab: 'settings' });
    // A draft not saved to a form yet belongs to the form being edited.
    const unsaved = run(state, { type: 'draftRestored', draft: { ...draft, editId: null }, editId: 'form-1', tab: 'fields' });
    expect(unsaved).toMatchObject({ targetId: 'form-1', tab: 'fields' });
  });
});

describe('images chosen before signing in', () => {
  const localLogo: ImageRef = { id: '00000000-0000-4000-8000-0000000000a1', width: 640, height: 160 };
  const storedLogo: ImageRef = { id: '00000000-0000-4000-8000-0000000000b1', width: 640, height: 160 };
  const png = () => new File([new Uint8Array(64)], 'logo.png', { type: 'image/png' });

  it('keeps the file beside the page, which shows it by its provisional id', () => {
    const file = png();
    const kept = run(
      stateWith(),
      { type: 'imageKept', id: localLogo.id, file },
      { type: 'designChanged', patch: { logo: localLogo } },
    );
    expect(kept.images).toEqual({ [localLogo.id]: file });
    expect(kept.config.design.logo).toEqual(localLogo);
  });

  it('once uploaded, shows the stored image and lets the file go', () => {
    const kept = run(
      stateWith(),
      { type: 'imageKept', id: localLogo.id, file: png() },
      { type: 'designChanged', patch: { logo: localLogo } },
    );
    const uploaded = run(kept, { type: 'imageUploaded', id: localLogo.id, ref: storedLogo });
    expect(uploaded.images).toEqual({});
    expect(uploaded.config.design.logo).toEqual(storedLogo);
  });

  it('keeps an image that could not be uploaded and says why under it, on the Design tab', () => {
    const file = png();
    const state = run(
      stateWith({ tab: 'basic', view: 'preview' }),
      { type: 'imageKept', id: localLogo.id, file },
      { type: 'designChanged', patch: { logo: localLogo } },
    );
    const failed = run(state, { type: 'uploadFailed', key: 'design.logo', message: 'Your logo could not be uploaded' });
    expect(failed).toMatchObject({
      images: { [localLogo.id]: file },
      errors: { 'design.logo': 'Your logo could not be uploaded' },
      tab: 'design',
      view: 'edit',
      focusErrorRequest: state.focusErrorRequest + 1,
    });
    expect(failed.config.design.logo).toEqual(localLogo);
  });

  it('keeps the chosen file too when it could not be uploaded', () => {
    const file = pdf();
    const failed = run(stateWith({ file, tab: 'design' }), {
      type: 'uploadFailed',
      key: 'leadMagnet',
      message: 'Your lead magnet file could not be uploaded',
    });
    expect(failed).toMatchObject({ file, tab: 'basic', errors: { leadMagnet: 'Your lead magnet file could not be uploaded' } });
  });

  it('restores the images of a draft (none from a draft saved before they were kept)', () => {
    const file = png();
    const config = { ...withFields(), design: { ...withFields().design, logo: localLogo } };
    const draft: StoredDraft = { key: 'new', editId: null, config, file: null, images: { [localLogo.id]: file }, savedAt: 1 };
    expect(run(stateWith(), { type: 'draftRestored', draft, editId: null }).images).toEqual({ [localLogo.id]: file });
    const older: StoredDraft = { key: 'new', editId: null, config: withFields(), file: null, savedAt: 1 };
    expect(run(stateWith(), { type: 'draftRestored', draft: older, editId: null }).images).toEqual({});
  });
});
