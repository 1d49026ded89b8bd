import { MoreHorizontal } from 'lucide-react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import { onDemand } from '@/web/lib/on-demand';
import { displayName } from './format';
import type { FormRowActionsProps } from './form-row-menu';

// The menu (Radix's dropdown, its positioning, the embed dialog) is not part of the dashboard's
// first paint: it downloads when the owner points at or focuses a row's button.
const rowMenu = onDemand(() => import('./form-row-menu'));

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** The "…" button of one row of the 'Your Forms' table: a stand-in until its menu's module is there. */
export function FormRowActions(props: FormRowActionsProps) {
  const menu = rowMenu.useModule();
  const [opening, setOpening] = useState(false);
  const [focused, setFocused] = useState(false);
  if (menu) return <menu.FormRowMenu {...props} defaultOpen={opening} focusTrigger={focused} />;

  const preload = () => void rowMenu.load().catch(() => undefined);
  const open = () => {
    setOpening(true);
    preload();
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Actions for ${displayName(props.form.name)}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className="size-9"
      onPointerEnter={preload}
      onFocus={() => {
        setFocused(true);
        preload();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(event: PointerEvent) => {
        if (event.button === 0 && !event.ctrlKey) open();
      }}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
