import type { ComponentProps } from 'react';
import type { PaypalMode } from '@/domain/payments';
import { cn } from '@/web/lib/cn';

const OPTIONS: { value: PaypalMode; label: string; description: string }[] = [
  { value: 'sandbox', label: 'Sandbox', description: 'Test payments with sandbox accounts.' },
  { value: 'live', label: 'Live', description: 'Real payments into your PayPal account.' },
];

type PaypalModeFieldProps = Omit<ComponentProps<'input'>, 'value' | 'type'> & {
  /** The chosen mode, for the selected look. */
  value: PaypalMode;
  error?: string;
};

/** Sandbox or Live, as two radio cards; `...input` is react-hook-form's register('mode'). */
export function PaypalModeField({ value, error, ...input }: PaypalModeFieldProps) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? 'paypal-mode-error' : undefined}>
      <legend className="mb-2 text-sm font-medium text-gray-900">Environment</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
              value === option.value ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-gray-300',
            )}
          >
            <input {...input} type="radio" value={option.value} className="mt-0.5 size-4 accent-indigo-600" />
            <span className="grid gap-0.5">
              <span className="text-sm font-medium text-gray-900">{option.label}</span>
              <span className="text-sm text-gray-600">{option.description}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="paypal-mode-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
