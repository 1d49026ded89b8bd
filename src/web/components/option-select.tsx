import { ChevronDown } from 'lucide-react';
import { SELECT_TRIGGER_CLASS } from '@/web/components/ui/select-look';
import { cn } from '@/web/lib/cn';
import { onDemand, useStandIn } from '@/web/lib/on-demand';

export type SelectOption = { value: string; label: string };

export type OptionSelectProps = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  className?: string;
  /** Shown while the value is none of the options (the options still loading). */
  placeholder?: string;
  disabled?: boolean;
  'aria-busy'?: boolean;
};

// Radix's select (with its positioning and focus handling, a fifth of a list screen's JavaScript)
// downloads when the owner points at or focuses the control, not with the screen.
const selectMenu = onDemand(() => import('./option-select-menu'));

/**
 * A select of labelled options (Radix's select, ui/select.tsx). Until its module is there it is a
 * closed trigger of the same look showing the chosen option; pressing it opens the real one.
 */
export function OptionSelect(props: OptionSelectProps) {
  const { module: menu, opening, focused, trigger } = useStandIn(selectMenu);
  if (menu) return <menu.OptionSelectMenu {...props} defaultOpen={opening} focusTrigger={focused} />;
  const chosen = props.options.find((o) => o.value === props.value);

  return (
    <button
      type="button"
      role="combobox"
      id={props.id}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-busy={props['aria-busy']}
      disabled={props.disabled}
      data-placeholder={chosen ? undefined : ''}
      className={cn(SELECT_TRIGGER_CLASS, props.className)}
      {...trigger}
    >
      <span className="pointer-events-none">{chosen?.label ?? props.placeholder}</span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
    </button>
  );
}
