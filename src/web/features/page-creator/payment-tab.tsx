import { Check } from 'lucide-react';
import { useState } from 'react';
import { formMessages, parseAmountInput, toggleProvider, type Payment } from '@/domain/form-config';
import { CURRENCIES, CURRENCY_SYMBOLS, currencyDecimals, fromMinorUnits, toMinorUnits, type Currency } from '@/domain/money';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/cn';
import { SwitchField } from './controls';
import type { EditorErrors } from './editor-model';
import { ProviderConnectionNotice } from './provider-connection-notice';

type PaymentTabProps = {
  payment: Payment;
  errors: EditorErrors;
  onChange: (patch: Partial<Payment>) => void;
};

const PROVIDER_ID = 'creator-payment-provider';
const PROVIDER_ERROR_ID = `${PROVIDER_ID}-error`;

const formatAmount = (minor: number, currency: Currency) => fromMinorUnits(minor, currency).toFixed(currencyDecimals(currency));

type AmountInputProps = {
  id: string;
  label: string;
  /** minor units */
  value: number;
  currency: Currency;
  /** minor units */
  min?: number;
  error?: string;
  hint?: string;
  onChange: (minor: number) => void;
};

/**
 * A money input showing major units (9.99) over a value kept in minor units (999). While typing,
 * the text stays as typed ('9.' is on its way to '9.90'); a blank or invalid entry counts as 0.
 */
function AmountInput({ id, label, value, currency, min = 0, error, hint, onChange }: AmountInputProps) {
  const [text, setText] = useState<string | null>(null);
  const wholeOnly = currencyDecimals(currency) === 0;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label} ({CURRENCY_SYMBOLS[currency]})
      </Label>
      <Input
        id={id}
        type="number"
        inputMode={wholeOnly ? 'numeric' : 'decimal'}
        step={wholeOnly ? 1 : 0.01}
        min={fromMinorUnits(min, currency)}
        value={text ?? formatAmount(value, currency)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseAmountInput(event.target.value, currency));
        }}
        onBlur={() => setText(null)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

export function PaymentTab({ payment, errors, onChange }: PaymentTabProps) {
  const stripeOn = payment.provider === 'stripe' || payment.provider === 'both';
  const paypalOn = payment.provider === 'paypal' || payment.provider === 'both';

  // Keep the amounts the owner sees when the currency changes: $9.99 becomes €9.99 (or ¥10).
  const changeCurrency = (currency: Currency) => {
    const convert = (minor: number) => toMinorUnits(fromMinorUnits(minor, payment.currency), currency);
    onChange({
      currency,
      fixedAmount: convert(payment.fixedAmount),
      pwywMinimum: convert(payment.pwywMinimum),
      pwywSuggested: convert(payment.pwywSuggested),
    });
  };

  const suggestedBelowMinimum = payment.type === 'pwyw' && payment.pwywSuggested < payment.pwywMinimum;

  return (
    <div className="grid gap-5">
      <SwitchField
        id="creator-payment-enabled"
        label="Require payment"
        description="Visitors pay before they receive the file."
        checked={payment.enabled}
        onCheckedChange={(enabled) => onChange({ enabled })}
      />
      {payment.enabled && (
        <div className="grid gap-5 rounded-xl border border-gray-200 bg-gray-50/60 p-4">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium text-gray-900">Payment type</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {(
                [
                  { value: 'fixed', label: 'Fixed price', description: 'Everyone pays the same amount.' },
                  { value: 'pwyw', label: 'Pay what you want', description: 'Visitors choose, above a minimum.' },
                ] as const
              ).map((option) => (
                <label
                  key={option.value}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                    payment.type === option.value ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-gray-300',
                  )}
                >
                  <input
                    type="radio"
                    name="creator-payment-type"
                    value={option.value}
                    checked={payment.type === option.value}
                    onChange={() => onChange({ type: option.value })}
                    className="mt-0.5 size-4 accent-indigo-600"
                  />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium text-gray-900">{option.label}</span>
                    <span className="text-sm text-gray-600">{option.description}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="creator-payment-currency">Currency</Label>
            <Select value={payment.currency} onValueChange={(value) => changeCurrency(value as Currency)}>
              <SelectTrigger id="creator-payment-currency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CURRENCIES.map((currency) => (
                  <SelectItem key={currency} value={currency}>
                    {currency} ({CURRENCY_SYMBOLS[currency]})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>

          {/* key: a new currency re-renders the amounts in its own precision */}
          <div key={payment.currency} className="grid gap-4 sm:grid-cols-2">
            {payment.type === 'fixed' ? (
              <AmountInput
                id="creator-payment-fixed"
                label="Price"
                value={payment.fixedAmount}
                currency={payment.currency}
                error={errors['payment.fixedAmount']}
                onChange={(fixedAmount) => onChange({ fixedAmount })}
              />
            ) : (
              <>
                <AmountInput
                  id="creator-payment-minimum"
                  label="Minimum amount"
                  value={payment.pwywMinimum}
                  currency={payment.currency}
                  error={errors['payment.pwywMinimum']}
                  onChange={(pwywMinimum) => onChange({ pwywMinimum })}
                />
                <AmountInput
                  id="creator-payment-suggested"
                  label="Suggested amount"
                  value={payment.pwywSuggested}
                  currency={payment.currency}
                  min={payment.pwywMinimum}
                  hint={suggestedBelowMinimum ? 'The suggested amount is below the minimum.' : undefined}
                  error={errors['payment.pwywSuggested']}
                  onChange={(pwywSuggested) => onChange({ pwywSuggested })}
                />
              </>
            )}
          </div>
          {currencyDecimals(payment.currency) === 0 && <p className="text-sm text-gray-700">{formMessages.wholeAmountsOnly}</p>}

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
              ).map((provider) => (
                <button
                  key={provider.value}
                  type="button"
                  aria-pressed={provider.on}
                  aria-describedby={errors.payment ? PROVIDER_ERROR_ID : undefined}
                  // Where the editor puts focus when publishing was refused for the provider.
                  data-error-focus={errors.payment && provider.on ? true : undefined}
                  onClick={() => onChange({ provider: toggleProvider(payment.provider, provider.value) })}
                  className={cn(
                    'inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    provider.on
                      ? 'border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700'
                      : 'border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
                  )}
                >
                  {provider.on && <Check aria-hidden="true" className="size-4" />}
                  {provider.label}
                </button>
              ))}
            </div>
            <p className="text-sm text-gray-600">
              {payment.provider === 'both'
                ? 'Visitors choose Stripe or PayPal.'
                : `Visitors pay with ${payment.provider === 'stripe' ? 'Stripe' : 'PayPal'}.`}
            </p>
            <FieldError id={PROVIDER_ID} error={errors.payment} />
            <ProviderConnectionNotice provider={payment.provider} />
          </div>
        </div>
      )}
    </div>
  );
}
