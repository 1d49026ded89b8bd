import { Check } from 'lucide-react';
import { toggleProvider, type PaymentProvider } from '@/domain/form-config';
import { FieldError } from '@/web/components/text-field';
import { cn } from '@/web/lib/cn';
import { ProviderConnectionNotice } from './provider-connection-notice';

const PROVIDER_ID = 'creator-payment-provider';
const PROVIDER_ERROR_ID = `${PROVIDER_ID}-error`;

type ProviderPickerProps = {
  provider: PaymentProvider;
  /** Publishing was refused for the provider (e.g. not connected). */
  error?: string;
  onChange: (provider: PaymentProvider) => void;
};

/** docs/product.md#payment: the Stripe and PayPal toggle buttons (one or both), and whether the chosen ones are connected. */
export function ProviderPicker({ provider, error, onChange }: ProviderPickerProps) {
  const stripeOn = provider === 'stripe' || provider === 'both';
  const paypalOn = provider === 'paypal' || provider === 'both';
  return (
    <div className="grid gap-2">
      <p id="creator-payment-provider-label" className="text-sm font-medium text-gray-900">
        Payment provider
      </p>
      <div role="group" aria-labelledby="creator-payment-provider-label" className="flex flex-wrap gap-2">
        {(
          [
            { value: 'stripe', label: 'Stripe', on: stripeOn },
            { value: 'paypal', label: 'PayPal', on: paypalOn },
          ] as const
        ).map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={option.on}
            aria-describedby={error ? PROVIDER_ERROR_ID : undefined}
            // Where the editor puts focus when publishing was refused for the provider.
            data-error-focus={error && option.on ? true : undefined}
            onClick={() => onChange(toggleProvider(provider, option.value))}
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              option.on
                ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700'
                : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
            )}
          >
            {option.on && <Check aria-hidden="true" className="size-4" />}
            {option.label}
          </button>
        ))}
      </div>
      <p className="text-sm text-gray-600">
        {provider === 'both'
          ? 'Visitors choose Stripe or PayPal.'
          : `Visitors pay with ${provider === 'stripe' ? 'Stripe' : 'PayPal'}.`}
      </p>
      {/* A refusal about a connection is said once, by the notice, with what to do; any other by the field. */}
      <ProviderConnectionNotice provider={provider} errorId={error ? PROVIDER_ERROR_ID : undefined}>
        <FieldError id={PROVIDER_ID} error={error} />
      </ProviderConnectionNotice>
    </div>
  );
}
