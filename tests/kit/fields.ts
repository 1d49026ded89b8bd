import type { FieldType, FormField } from '@/domain/form-config';

/** A field of a page for tests: not required, with no placeholder, options, help text or link parameter unless given. */
export const fieldOf = (id: string, type: FieldType, label: string, patch: Partial<FormField> = {}): FormField => ({
  id,
  type,
  label,
  placeholder: '',
  required: false,
  options: [],
  helpText: '',
  param: '',
  ...patch,
});

/** A text field. */
export const textField = (id: string, label: string): FormField => fieldOf(id, 'text', label);

/** The page's locked email field, as the tests' pages have it. */
export const EMAIL_FIELD: FormField = fieldOf('email', 'email', 'Email Address', { required: true });
