import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error?: string;
  /** A line of help under the input, read with it (aria-describedby). */
  hint?: ReactNode;
  /** Rendered at the end of the label row, e.g. a "Forgot password?" button. */
  labelAction?: ReactNode;
};

/** A labelled input whose validation error is announced and tied to it by aria-describedby. */
export function TextField({ id, label, error, hint, labelAction, ...inputProps }: TextFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && (
        <p id={hintId} className="text-sm text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
