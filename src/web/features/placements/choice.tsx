import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

type ChoiceProps<T extends string> = {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** A line of help under the choices. */
  hint?: ReactNode;
};

/** A labelled group of radio buttons shown as a row of pills (native radios: keyboard and screen readers as usual). */
export function Choice<T extends string>({ name, legend, value, options, onChange, hint }: ChoiceProps<T>) {
  return (
    <fieldset className="grid gap-1.5" aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const chosen = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm has-[:disabled]:cursor-default has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                chosen
                  ? 'border-indigo-600 bg-indigo-50 font-medium text-indigo-900'
                  : 'border-gray-300 bg-white text-gray-800 hover:border-gray-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen}
                onChange={() => onChange(option.value)}
                className="size-4 accent-indigo-600"
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {hint && (
        <p id={`${name}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
