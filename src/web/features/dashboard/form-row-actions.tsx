import { MoreHorizontal } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { onDemand, useStandIn } from '@/web/lib/on-demand';
import { displayName } from './format';
import type { FormRowActionsProps } from './form-row-menu';

// The menu (Radix's dropdown, its positioning, the embed dialog) is not part of the dashboard's
// first paint: it downloads when the owner points at or focuses a row's button.
const rowMenu = onDemand(() => import('./form-row-menu'));

/** The "…" button of one row of the 'Your Forms' table: a stand-in until its menu's module is there. */
export function FormRowActions(props: FormRowActionsProps) {
  const { module: menu, opening, focused, trigger } = useStandIn(rowMenu);
  if (menu) return <menu.FormRowMenu {...props} defaultOpen={opening} focusTrigger={focused} />;

  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Actions for ${displayName(props.form.name)}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className="size-9"
      {...trigger}
    >
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
}
