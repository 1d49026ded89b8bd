import { ArrowRight, Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { moved } from '@/web/features/page-creator/editor/positions';
import { RemoveButton } from '@/web/features/page-creator/editor/controls';

type ItemListProps<T> = {
  /** Prefix of the element ids: each item is `{base}-{index}`. */
  base: string;
  /** An item's name ('benefit'), as the buttons and announcements say it. */
  noun: string;
  items: readonly T[];
  max: number;
  /** Said beside Add once the list is full ('A section shows up to 12 benefits.'). */
  limitMessage: string;
  /** Changes the list as it is when the change arrives (an image upload may end later). */
  onChange: (update: (items: T[]) => T[]) => void;
  /** A new, empty item; without one there is no Add button (a logo is added by choosing its image). */
  newItem?: () => NoInfer<T>;
  /** Without it, an item goes by its own means (a logo's Remove). */
  removable?: boolean;
  /** One item's inputs; `change` changes that item as it is then. */
  renderItem: (item: T, index: number, change: (update: (item: T) => T) => void) => ReactNode;
  /** Under the list, instead of the Add button (a logo's image picker). */
  footer?: ReactNode;
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The items of a section (benefits, testimonials, questions, logos, the author's links): each one
 * moved up or down or removed with buttons, and added up to the section's limit. Focus follows the
 * item moved, and after a removal goes to the item that took its place (or Add); each move and
 * removal is announced.
 */
export function ItemList<T>({
  base,
  noun,
  items,
  max,
  limitMessage,
  onChange,
  newItem,
  removable = true,
  renderItem,
  footer,
}: ItemListProps<T>) {
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<{ id: string; within?: boolean } | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const element = document.getElementById(target.id);
    // Into a new item: its first box to type in.
    const focusable = target.within
      ? element?.querySelector<HTMLElement>('input:not([type=radio]):not([type=file]), textarea, select')
      : element;
    (focusable ?? document.getElementById(`${base}-add`))?.focus();
  });

  const label = (index: number) => `${capitalised(noun)} ${index + 1}`;
  const atLimit = items.length >= max;

  const move = (from: number, to: number) => {
    onChange((now) => moved(now, from, to) ?? now);
    // The button pressed may be disabled at the new place (first, last): then its neighbour.
    const direction = to === 0 ? 'down' : to === items.length - 1 ? 'up' : to < from ? 'up' : 'down';
    focusNext.current = { id: `${base}-${to}-${direction}` };
    setAnnouncement(`${label(from)} moved to position ${to + 1} of ${items.length}.`);
  };
  const remove = (index: number) => {
    onChange((now) => now.filter((_, i) => i !== index));
    const next = index < items.length - 1 ? index : index - 1;
    focusNext.current = { id: next >= 0 && removable ? `${base}-${next}-remove` : `${base}-add` };
    setAnnouncement(`${label(index)} removed.`);
  };
  const add = () => {
    if (!newItem || atLimit) return;
    onChange((now) => [...now, newItem()]);
    focusNext.current = { id: `${base}-${items.length}`, within: true };
  };

  return (
    <div className="grid gap-3">
      {items.length > 0 && (
        <ol className="grid gap-3">
          {items.map((item, index) => (
            <li key={index} id={`${base}-${index}`}>
              <div
                role="group"
                aria-labelledby={`${base}-${index}-caption`}
                className="grid gap-3 rounded-lg border border-gray-200 bg-white p-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span id={`${base}-${index}-caption`} className="text-sm font-medium text-gray-900">
                    {label(index)}
                  </span>
                  <div className="flex items-center gap-1">
                    <Button
                      id={`${base}-${index}-up`}
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Move ${noun} ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      {/* The app's own arrow, turned: lucide's up and down arrows would add to every screen's icons. */}
                      <ArrowRight className="-rotate-90" />
                    </Button>
                    <Button
                      id={`${base}-${index}-down`}
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="size-9"
                      aria-label={`Move ${noun} ${index + 1} down`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowRight className="rotate-90" />
                    </Button>
                    {removable && (
                      <RemoveButton
                        id={`${base}-${index}-remove`}
                        label={`Remove ${noun} ${index + 1}`}
                        onClick={() => remove(index)}
                      />
                    )}
                  </div>
                </div>
                {renderItem(item, index, (update) =>
                  onChange((now) => now.map((current, i) => (i === index ? update(current) : current))),
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {footer}
      {newItem && (
        <div className="flex flex-wrap items-center gap-3">
          <Button id={`${base}-add`} type="button" variant="outline" size="sm" disabled={atLimit} onClick={add}>
            <Plus />
            Add {noun}
          </Button>
          {atLimit && <p className="text-sm text-gray-600">{limitMessage}</p>}
        </div>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
