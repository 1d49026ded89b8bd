import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EMAIL_FIELD_ID, MAX_FIELDS, type FormField } from '@/domain/form-config';
import { Button } from '@/web/components/ui/button';
import type { EditorErrors } from './editor-model';
import { FieldCard } from './field-card';

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
        {fields.map((field, index) => (
          <FieldCard
            key={field.id}
            field={field}
            index={index}
            isLast={index === fields.length - 1}
            labelError={errors[`fields.${index}.label`]}
            onChange={(patch) => onChangeField(index, patch)}
            onMove={(direction, pressedId) => {
              onMove(index, direction);
              setFocusTarget(pressedId);
            }}
            onRemove={() => {
              onRemove(index);
              if (field.id !== EMAIL_FIELD_ID) setFocusTarget('add');
            }}
          />
        ))}
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
