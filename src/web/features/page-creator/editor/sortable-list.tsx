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
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';

/** What a screen reader reads on a handle: how to move a `noun` with the keyboard. */
export const reorderInstructions = (noun: string) =>
  `To reorder a ${noun}, press Space or Enter on its handle, move it with the Up and Down arrow keys, then press Space or Enter to drop it, or Escape to cancel.`;

type SortableListProps = {
  /** The items' ids, in order. */
  ids: string[];
  /** The owner's name for an item (its label, its heading), as announcements say it. */
  nameOf: (index: number) => string;
  /** What an item is called in the instructions ('field', 'section'). */
  noun: string;
  /** The item at `from` now goes to `to` (dragged by its handle, with a pointer or the keyboard). */
  onReorder: (from: number, to: number) => void;
  className?: string;
  /** The items, each a SortableCard. */
  children: ReactNode;
};

/**
 * A list reordered by dragging a card's handle, with a pointer or the keyboard (Space, the arrows,
 * Space), each step announced to screen readers. The form's fields and the page's sections use it.
 */
export function SortableList({ ids, nameOf, noun, onReorder, className, children }: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a press on the handle stays a press.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const indexOf = (id: UniqueIdentifier) => ids.indexOf(String(id));
  const name = (id: UniqueIdentifier) => {
    const index = indexOf(id);
    return index >= 0 ? nameOf(index) : `The ${noun}`;
  };
  const position = (id: UniqueIdentifier) => `position ${indexOf(id) + 1} of ${ids.length}`;
  // A drag starts over its own item: that is no move to announce (it would drown "Picked up").
  const movedRef = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      movedRef.current = false;
      return `Picked up ${name(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over) return `${name(active.id)} is outside the list.`;
      if (over.id === active.id && !movedRef.current) return undefined;
      movedRef.current = true;
      return `${name(active.id)} moved to ${position(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at ${position(over.id)}.` : `${name(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Reordering cancelled: ${name(active.id)} is back at ${position(active.id)}.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [from, to] = [indexOf(active.id), indexOf(over.id)];
    if (from >= 0 && to >= 0) onReorder(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: reorderInstructions(noun) } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={className}>{children}</ol>
      </SortableContext>
    </DndContext>
  );
}

type SortableCardProps = {
  id: string;
  /** The handle's id and accessible name ('Reorder Source'). */
  handleId: string;
  handleLabel: string;
  className?: string;
  /** The card's content, given its drag handle to place. */
  children: (handle: ReactElement) => ReactNode;
};

/** One item of a SortableList: a card that lifts while dragged, moved by its handle. */
export function SortableCard({ id, handleId, handleLabel, className, children }: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      id={handleId}
      type="button"
      variant="ghost"
      size="icon"
      className="size-9 cursor-grab touch-none active:cursor-grabbing"
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
    >
      <GripVertical />
    </Button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'rounded-xl border border-gray-200 bg-gray-50/60 p-4',
        className,
        isDragging && 'relative z-10 bg-white shadow-lg ring-2 ring-indigo-500',
      )}
    >
      {children(handle)}
    </li>
  );
}
