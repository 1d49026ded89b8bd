import { useState } from 'react';
import { parseAmountInput } from '@/domain/form-config';
import { CURRENCY_SYMBOLS, currencyDecimals, decimalAmount, fromMinorUnits, type Currency } from '@/domain/money';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

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
export function AmountInput({ id, label, value, currency, min = 0, error, hint, onChange }: AmountInputProps) {
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
        value={text ?? decimalAmount(value, currency)}
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
