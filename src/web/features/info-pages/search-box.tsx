import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';

type SearchBoxProps = Omit<ComponentProps<'input'>, 'type'> & {
  id: string;
  /** The input's name, read by screen readers only. */
  label: string;
  /** On the search landmark around the input. */
  className?: string;
  inputClassName?: string;
};

/** A search landmark: a search input with a magnifier inside it, labelled for screen readers. */
export function SearchBox({ id, label, className, inputClassName, ...inputProps }: SearchBoxProps) {
  return (
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-500" />
      <Input
        id={id}
        type="search"
        autoComplete="off"
        className={cn('rounded-xl pl-12 text-base sm:text-base', inputClassName)}
        {...inputProps}
      />
    </div>
  );
}
