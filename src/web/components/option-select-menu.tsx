import { useLayoutEffect, useRef, useState } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import type { OptionSelectProps } from './option-select';

type OptionSelectMenuProps = OptionSelectProps & {
  /** Open at once: the owner pressed the stand-in while this module downloaded. */
  defaultOpen: boolean;
  /** The stand-in had focus: its replacement takes it. */
  focusTrigger: boolean;
};

/** The real select behind option-select.tsx, loaded on demand. */
export function OptionSelectMenu({
  id,
  value,
  onValueChange,
  options,
  className,
  placeholder,
  disabled,
  defaultOpen,
  focusTrigger,
  'aria-busy': busy,
}: OptionSelectMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Only on mount; an open list takes focus itself.
  const [initialFocus] = useState(focusTrigger && !defaultOpen);
  useLayoutEffect(() => {
    if (initialFocus) triggerRef.current?.focus();
  }, [initialFocus]);
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen} disabled={disabled}>
      <SelectTrigger ref={triggerRef} id={id} aria-busy={busy} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
