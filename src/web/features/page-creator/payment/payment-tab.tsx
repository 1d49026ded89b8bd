import type { Payment } from '@/domain/form-config';
import { formMessages } from '@/domain/form-messages';
import { CURRENCIES, CURRENCY_SYMBOLS, currencyDecimals, fromMinorUnits, toMinorUnits, type Currency } from '@/domain/money';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/cn';
import { AmountInput } from './amount-input';
import { SwitchField } from '@/web/features/page-creator/editor/controls';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { CheckoutOptions } from './checkout-options';
import { ProviderPicker } from './payment-provider-picker';
import { DownloadAllowance } from './download-allowance';

type PaymentTabProps = {
  payment: Payment;
  errors: EditorErrors;
  onChange: (patch: Partial<Payment>) => void;
};

export function PaymentTab({ payment, errors, onChange }: PaymentTabProps) {
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

          <ProviderPicker provider={payment.provider} error={errors.payment} onChange={(provider) => onChange({ provider })} />
          <CheckoutOptions payment={payment} onChange={onChange} />
          <DownloadAllowance payment={payment} errors={errors} onChange={onChange} />
        </div>
      )}
    </div>
  );
}
