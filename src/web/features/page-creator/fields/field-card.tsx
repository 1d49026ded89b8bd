import { Lock } from 'lucide-react';
import {
  EMAIL_FIELD_ID,
  FIELD_TYPES,
  isChoiceField,
  NEW_FIELD_PLACEHOLDER,
  visitorPlaceholder,
  type FieldType,
  type FormField,
} from '@/domain/form-config';
import { TextField } from '@/web/components/text-field';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { SwitchField, RemoveButton } from '@/web/features/page-creator/editor/controls';
import { SortableCard } from '@/web/features/page-creator/editor/sortable-list';
import { FieldOptionsEditor } from './field-options-editor';

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  phone: 'Phone',
  textarea: 'Text area',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  radio: 'Multiple choice',
  date: 'Date',
  hidden: 'Hidden (from the link)',
};

/** How the editor names a field to the owner (buttons, announcements): its label, else its position. */
export const fieldName = (field: Pick<FormField, 'label'>, index: number) => field.label.trim() || `field ${index + 1}`;

/** A dropdown's first, empty choice on the page (src/landing: CHOOSE_LABEL). */
const CHOOSE_WORDS = 'Choose…';

type FieldCardProps = {
  field: FormField;
  index: number;
  /** Errors under this field's inputs: its label, its options, its link parameter. */
  errors: { label?: string; options?: string; param?: string };
  onChange: (patch: Partial<FormField>) => void;
  onRemove: () => void;
};

/**
 * One field of the form: its drag handle (pointer or keyboard, see FormFieldsTab), remove, label,
 * type, the settings its type has (placeholder, options, link parameter), required and help text.
 * The email field's label, type and required flag are locked.
 */
export function FieldCard({ field, index, errors, onChange, onRemove }: FieldCardProps) {
  const isEmail = field.id === EMAIL_FIELD_ID;
  const isHidden = field.type === 'hidden';
  const base = `creator-field-${field.id}`;
  const name = fieldName(field, index);
  return (
    <SortableCard id={field.id} handleId={`${base}-handle`} handleLabel={`Reorder ${name}`}>
      {(handle) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-1.5">
              {handle}
              <h2 className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
                Field {index + 1}
                {isEmail && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                    <Lock aria-hidden="true" className="size-3" />
                    Always included
                  </span>
                )}
              </h2>
            </div>
            {/* The email field stays on every form (docs/product.md#fields): nothing offers to remove it. */}
            {!isEmail && <RemoveButton label={`Remove ${name}`} onClick={onRemove} />}
          </div>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextField
              id={`${base}-label`}
              label="Label"
              maxLength={200}
              value={field.label}
              disabled={isEmail}
              error={errors.label}
              hint={isHidden ? 'The heading this value has in your list of leads.' : undefined}
              onChange={(event) => onChange({ label: event.target.value })}
            />
            <div className="grid content-start gap-1.5">
              <Label htmlFor={`${base}-type`}>Type</Label>
              {isEmail ? (
                <Select value="email" disabled>
                  <SelectTrigger id={`${base}-type`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="email">{FIELD_TYPE_LABELS.email}</SelectItem>
                  </SelectContent>
                </Select>
              ) : (
                <Select value={field.type} onValueChange={(value) => onChange({ type: value as FieldType })}>
                  <SelectTrigger id={`${base}-type`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {FIELD_TYPES.map((type) => (
                      <SelectItem key={type} value={type}>
                        {FIELD_TYPE_LABELS[type]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </div>
            {isHidden ? (
              <TextField
                id={`${base}-param`}
                label="Link parameter"
                maxLength={64}
                spellCheck={false}
                autoCapitalize="off"
                autoComplete="off"
                value={field.param ?? ''}
                error={errors.param}
                hint="The word in your link that carries the value. With utm_source, a visitor who comes from a link ending in ?utm_source=newsletter is saved with “newsletter”."
                onChange={(event) => onChange({ param: event.target.value })}
              />
            ) : (
              hasPlaceholder(field.type) && (
                <TextField
                  id={`${base}-placeholder`}
                  label="Placeholder"
                  maxLength={200}
                  hint={placeholderHint(field)}
                  value={field.placeholder}
                  onChange={(event) => onChange({ placeholder: event.target.value })}
                />
              )
            )}
            {!isHidden && (
              <SwitchField
                id={`${base}-required`}
                label="Required"
                description={requiredDescription(isEmail, field.required)}
                checked={isEmail ? true : field.required}
                disabled={isEmail}
                onCheckedChange={(required) => onChange({ required })}
                className="self-end rounded-lg border border-gray-200 bg-white px-3 py-2"
              />
            )}
            {isChoiceField(field) && (
              <FieldOptionsEditor
                base={base}
                fieldName={name}
                options={field.options ?? []}
                error={errors.options}
                onChange={(options) => onChange({ options })}
              />
            )}
            {!isHidden && (
              <div className="sm:col-span-2">
                <TextField
                  id={`${base}-help`}
                  label="Help text"
                  maxLength={300}
                  value={field.helpText ?? ''}
                  hint="Optional: a line under the field that helps visitors fill it in."
                  onChange={(event) => onChange({ helpText: event.target.value })}
                />
              </div>
            )}
          </div>
        </>
      )}
    </SortableCard>
  );
}

/** Radio groups, dates and hidden fields show no placeholder; a dropdown shows it as its empty choice. */
const hasPlaceholder = (type: FieldType) => type !== 'radio' && type !== 'date' && type !== 'hidden';

/** What the Required switch means as it is set. */
export function requiredDescription(isEmail: boolean, required: boolean): string {
  if (isEmail) return 'The email field is always required.';
  return required ? 'Visitors must fill this in.' : 'Optional: visitors may leave this empty.';
}

/**
 * The placeholder's help, in the owner's words. A new field starts with "Enter value" in the
 * editor; visitors never see those starting words (visitorPlaceholder), so the help says so.
 */
export function placeholderHint(field: FormField): string | undefined {
  const startingWords = visitorPlaceholder(field) === undefined && field.placeholder.trim() !== '';
  if (field.type === 'dropdown') {
    return startingWords
      ? `The first line of the list, before visitors choose. Visitors see "${CHOOSE_WORDS}" until you write your own words here.`
      : `The first line of the list, before visitors choose. Left empty, visitors see "${CHOOSE_WORDS}".`;
  }
  return startingWords
    ? `Grey example text inside the empty box. Visitors do not see "${NEW_FIELD_PLACEHOLDER}": write your own example, or leave it empty.`
    : undefined;
}
