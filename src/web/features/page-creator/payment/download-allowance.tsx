import { useState } from 'react';
import { paymentSchema, type Payment } from '@/domain/form-config';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type Field = 'downloadLimit' | 'downloadDays';

const FIELDS: { key: Field; id: string; label: string; max: number }[] = [
  { key: 'downloadLimit', id: 'creator-payment-download-limit', label: 'Downloads per purchase', max: 1000 },
  { key: 'downloadDays', id: 'creator-payment-download-days', label: 'Days the link works', max: 3650 },
];

/** The message the page's own schema gives for a value of one field ('' when it is fine). */
function messageFor(key: Field, value: number): string {
  const result = paymentSchema.shape[key].safeParse(value);
  return result.success ? '' : (result.error.issues[0]?.message ?? '');
}

/**
 * How many downloads each purchase allows, and for how many days after its link is sent
 * (docs/decisions/0083). Past either, the buyer is offered a fresh link by email.
 */
export function DownloadAllowance({
  payment,
  errors,
  onChange,
}: {
  payment: Payment;
  errors: EditorErrors;
  onChange: (patch: Partial<Payment>) => void;
}) {
  // What the owner typed, while it is not a number the schema takes (blank, 0, 2.5).
  const [typed, setTyped] = useState<Partial<Record<Field, string>>>({});
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-gray-900">Download allowance</legend>
      <p className="text-sm text-gray-600">
        Each purchase may download the file this many times within these days. After that the buyer can have a fresh link emailed
        to the address they bought with.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ key, id, label, max }) => {
          const text = typed[key];
          const local = text !== undefined ? messageFor(key, text.trim() === '' ? Number.NaN : Number(text)) : '';
          const error = local || errors[`payment.${key}`];
          return (
            <div key={key} className="grid gap-1.5">
              <Label htmlFor={id}>{label}</Label>
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={max}
                step={1}
                value={text ?? String(payment[key])}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(id, { error })}
                onChange={(event) => {
                  const value = event.target.value;
                  const number = value.trim() === '' ? Number.NaN : Number(value);
                  if (messageFor(key, number)) {
                    setTyped((was) => ({ ...was, [key]: value }));
                    return;
                  }
                  setTyped(({ [key]: _dropped, ...rest }) => rest);
                  onChange({ [key]: number });
                }}
              />
              <FieldError id={id} error={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
