import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { EMAIL_FIELD_ID, MAX_FIELDS, type FormField } from '@/domain/form-config';
import { Button } from '@/web/components/ui/button';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
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

const INSTRUCTIONS =
  'To reorder a field, press Space or Enter on its handle, move it with the Up and Down arrow keys, then press Space or Enter to drop it, or Escape to cancel.';

export function FormFieldsTab({ fields, errors, onChangeField, onAdd, onRemove, onReorder }: FormFieldsTabProps) {
  // Removing a field drops focus with its card: put it on Add Field.
  const focusAddRef = useRef(false);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusAddRef.current) return;
    focusAddRef.current = false;
    addButtonRef.current?.focus();
  });

  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a press on the handle stays a press.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const indexOf = (id: UniqueIdentifier) => fields.findIndex((f) => f.id === id);
  const nameOf = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index >= 0 ? fieldName(fields[index]!, index) : 'The field';
  };
  const position = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${fields.length}`;
  // A drag starts over its own field: that is no move to announce (it would drown "Picked up").
  const movedRef = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      movedRef.current = false;
      return `Picked up ${nameOf(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${nameOf(active.id)} is outside the list.`;
      if (over.id === active.id && !movedRef.current) return undefined;
      movedRef.current = true;
      return `${nameOf(active.id)} moved to ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${position(over.id)}.` : `${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Reordering cancelled: ${nameOf(active.id)} is back at ${position(active.id)}.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [from, to] = [indexOf(active.id), indexOf(over.id)];
    if (from >= 0 && to >= 0) onReorder(from, to);
  };

  const atLimit = fields.length >= MAX_FIELDS;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-gray-700">
        The fields visitors fill in. Fewer fields convert better: ask only for what you need. Drag a field by its handle to change
        the order.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={fields.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-4">
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
          </ol>
        </SortableContext>
      </DndContext>
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
