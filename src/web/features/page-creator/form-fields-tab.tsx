import { ArrowDown, ArrowUp, Lock, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import {
  EMAIL_FIELD_ID,
  FIELD_TYPES,
  MAX_FIELDS,
  NEW_FIELD_PLACEHOLDER,
  visitorPlaceholder,
  type FieldType,
  type FormField,
} from '@/domain/form-config';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { SwitchField } from './controls';
import type { EditorErrors } from './editor-model';

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  phone: 'Phone',
  textarea: 'Text area',
  checkbox: 'Checkbox',
};

type FormFieldsTabProps = {
  fields: FormField[];
  errors: EditorErrors;
  onChangeField: (index: number, patch: Partial<FormField>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (index: number, direction: -1 | 1) => void;
};

export function FormFieldsTab({ fields, errors, onChangeField, onAdd, onRemove, onMove }: FormFieldsTabProps) {
  // Moving a field re-inserts its card, which drops focus: put it back on the button pressed.
  const focusTargetRef = useRef<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const setFocusTarget = (id: string) => {
    focusTargetRef.current = id;
  };

  // After every render: the parent's update has re-rendered the list.
  useEffect(() => {
    const focusTarget = focusTargetRef.current;
    if (!focusTarget) return;
    focusTargetRef.current = null;
    const target = document.getElementById(focusTarget);
    if (target instanceof HTMLButtonElement && !target.disabled) target.focus();
    else if (focusTarget.endsWith('-up')) document.getElementById(focusTarget.replace(/-up$/, '-down'))?.focus();
    else if (focusTarget.endsWith('-down')) document.getElementById(focusTarget.replace(/-down$/, '-up'))?.focus();
    else addButtonRef.current?.focus();
  });

  const atLimit = fields.length >= MAX_FIELDS;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-gray-700">
        The fields visitors fill in. Fewer fields convert better: ask only for what you need.
      </p>
      <ol className="grid gap-4">
        {fields.map((field, index) => {
          const isEmail = field.id === EMAIL_FIELD_ID;
          const base = `creator-field-${field.id}`;
          const name = field.label.trim() || `field ${index + 1}`;
          return (
            <li key={field.id} className="rounded-xl border border-gray-200 bg-gray-50/60 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
                  Field {index + 1}
                  {isEmail && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                      <Lock aria-hidden="true" className="size-3" />
                      Always included
                    </span>
                  )}
                </h2>
                <div className="flex items-center gap-1">
                  <Button
                    id={`${base}-up`}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={index === 0}
                    aria-label={`Move ${name} up`}
                    onClick={() => {
                      onMove(index, -1);
                      setFocusTarget(`${base}-up`);
                    }}
                  >
                    <ArrowUp />
                  </Button>
                  <Button
                    id={`${base}-down`}
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9"
                    disabled={index === fields.length - 1}
                    aria-label={`Move ${name} down`}
                    onClick={() => {
                      onMove(index, 1);
                      setFocusTarget(`${base}-down`);
                    }}
                  >
                    <ArrowDown />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                    aria-label={`Remove ${name}`}
                    onClick={() => {
                      onRemove(index);
                      if (!isEmail) setFocusTarget('add');
                    }}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </div>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <TextField
                  id={`${base}-label`}
                  label="Label"
                  maxLength={200}
                  value={field.label}
                  disabled={isEmail}
                  error={errors[`fields.${index}.label`]}
                  onChange={(event) => onChangeField(index, { label: event.target.value })}
                />
                <div className="grid gap-1.5">
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
                    <Select value={field.type} onValueChange={(value) => onChangeField(index, { type: value as FieldType })}>
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
                <TextField
                  id={`${base}-placeholder`}
                  label="Placeholder"
                  maxLength={200}
                  hint={
                    visitorPlaceholder(field) === undefined && field.placeholder.trim() !== ''
                      ? `Visitors see no placeholder while it says "${NEW_FIELD_PLACEHOLDER}": write a hint that helps them, or leave it empty.`
                      : undefined
                  }
                  value={field.placeholder}
                  onChange={(event) => onChangeField(index, { placeholder: event.target.value })}
                />
                <SwitchField
                  id={`${base}-required`}
                  label="Required"
                  description={isEmail ? 'The email field is always required.' : 'Visitors must fill this in.'}
                  checked={isEmail ? true : field.required}
                  disabled={isEmail}
                  onCheckedChange={(required) => onChangeField(index, { required })}
                  className="self-end rounded-lg border border-gray-200 bg-white px-3 py-2"
                />
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={addButtonRef} id="creator-add-field" type="button" variant="outline" onClick={onAdd} disabled={atLimit}>
          <Plus />
          Add Field
        </Button>
        {atLimit && <p className="text-sm text-gray-600">A form can have up to {MAX_FIELDS} fields.</p>}
      </div>
    </div>
  );
}
