import { describe, expect, it } from 'vitest';
import {
  defaultFormConfig,
  fieldSetupErrors,
  FIELD_TYPES,
  formConfigSchema,
  newField,
  validateForPublish,
  type FieldType,
  type FormConfig,
  type FormField,
} from './form-config';
import { formMessages } from './form-messages';

const field = (type: FieldType, patch: Partial<FormField> = {}): FormField => ({
  ...newField(1),
  id: 'f1',
  type,
  label: 'Answer',
  ...patch,
});

/** A page ready to publish but for what a test gives its second field. */
function pageWith(second: FormField): FormConfig {
  const config = defaultFormConfig();
  return {
    ...config,
    title: 'Guide',
    businessName: 'Acme',
    leadMagnetName: 'The Guide',
    privacyPolicyUrl: 'https://acme.example/privacy',
    fields: [...config.fields, second],
  };
}
const errorsOf = (second: FormField) => validateForPublish(pageWith(second), true);

describe('publishing the field types', () => {
  it('asks nothing more of text, number, phone, textarea, checkbox and date fields than a label', () => {
    for (const type of ['text', 'number', 'phone', 'textarea', 'checkbox', 'date'] as const) {
      expect(errorsOf(field(type)), type).toEqual({});
      expect(errorsOf(field(type, { label: ' ' })), type).toEqual({ 'fields.1.label': formMessages.fieldLabelRequired });
    }
  });

  it('needs at least one option, none empty and none twice, for a dropdown or a radio group', () => {
    for (const type of ['dropdown', 'radio'] as const) {
      expect(errorsOf(field(type, { options: [] })), type).toEqual({ 'fields.1.options': 'Add at least one option' });
      expect(errorsOf(field(type, { options: ['Yes', '  '] })), type).toEqual({
        'fields.1.options': 'Fill in or remove the empty option',
      });
      expect(errorsOf(field(type, { options: ['Yes', 'No', ' yes '] })), type).toEqual({
        'fields.1.options': 'Each option must be different',
      });
      expect(errorsOf(field(type, { options: ['Yes'] })), type).toEqual({});
      expect(errorsOf(field(type, { options: ['Small', 'Medium', 'Large'] })), type).toEqual({});
    }
    // Both at once: the label and the options each say what is missing.
    expect(errorsOf(field('radio', { label: '', options: [] }))).toEqual({
      'fields.1.label': formMessages.fieldLabelRequired,
      'fields.1.options': formMessages.fieldOptionsRequired,
    });
  });

  it('needs a link parameter name for a hidden field: letters, digits, _ . - and at most 64 of them', () => {
    expect(errorsOf(field('hidden'))).toEqual({ 'fields.1.param': formMessages.fieldParamRequired });
    expect(errorsOf(field('hidden', { param: '  ' }))).toEqual({ 'fields.1.param': formMessages.fieldParamRequired });
    for (const good of ['utm_source', 'gclid', 'ref', 'a.b-c_d', 'X'.repeat(64)]) {
      expect(errorsOf(field('hidden', { param: good })), good).toEqual({});
    }
    for (const bad of ['utm source', 'utm_source&x=1', '<script>', 'é', 'x'.repeat(65), 'a=b']) {
      expect(errorsOf(field('hidden', { param: bad })), bad).toEqual({ 'fields.1.param': formMessages.fieldParamInvalid });
    }
    // A hidden field is never required, so its required flag asks nothing.
    expect(errorsOf(field('hidden', { param: 'utm_source', required: true }))).toEqual({});
  });

  it('ignores options and parameters on the types that do not use them, and reads old fields without them', () => {
    expect(fieldSetupErrors({ type: 'text', options: ['', ''], param: '!!' })).toEqual({});
    const old = { type: 'dropdown' } as FormField; // saved before fields had options
    expect(fieldSetupErrors(old)).toEqual({ options: formMessages.fieldOptionsRequired });
  });

  it('accepts every type in a saved configuration, with their defaults filled in', () => {
    for (const type of FIELD_TYPES) {
      const { options: _o, helpText: _h, param: _p, ...bare } = field(type);
      const parsed = formConfigSchema.safeParse(pageWith(bare as FormField));
      expect(parsed.success, type).toBe(true);
      expect(parsed.data?.fields[1]).toMatchObject({ type, options: [], helpText: '', param: '' });
    }
  });
});
