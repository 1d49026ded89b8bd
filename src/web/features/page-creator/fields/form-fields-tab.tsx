import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EMAIL_FIELD_ID, MAX_FIELDS, type FormField } from '@/domain/form-config';
import { Button } from '@/web/components/ui/button';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { SortableList } from '@/web/features/page-creator/editor/sortable-list';
import { FieldCard, fieldName } from './field-card';

type FormFieldsTabProps = {
  fields: FormField[];
  errors: EditorErrors;
  onChangeField: (index: number, patch: Partial<FormField>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The field at `from` now goes to `to` (dragged by its handle, with a pointer or the keyboard). */
  onReorder: (from: number, to: number) => void;
};

export function FormFieldsTab({ fields, errors, onChangeField, onAdd, onRemove, onReorder }: FormFieldsTabProps) {
  // Removing a field drops focus with its card: put it on Add Field.
  const focusAddRef = useRef(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAddRef.current) return;
    focusAddRef.current = false;
    addButtonRef.current?.focus();
  });

  const atLimit = fields.length >= MAX_FIELDS;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-gray-700">
        The fields visitors fill in. Fewer fields convert better: ask only for what you need. Drag a field by its handle to change
        the order.
      </p>
      <SortableList
        ids={fields.map((f) => f.id)}
        nameOf={(index) => fieldName(fields[index]!, index)}
        noun="field"
        onReorder={onReorder}
        className="grid gap-4"
      >
        {fields.map((field, index) => (
          <FieldCard
            key={field.id}
            field={field}
            index={index}
            errors={{
              label: errors[`fields.${index}.label`],
              options: errors[`fields.${index}.options`],
              param: errors[`fields.${index}.param`],
            }}
            onChange={(patch) => onChangeField(index, patch)}
            onRemove={() => {
              onRemove(index);
              if (field.id !== EMAIL_FIELD_ID) focusAddRef.current = true;
            }}
          />
        ))}
      </SortableList>
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
