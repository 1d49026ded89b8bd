import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';

/** The error under an input, tied to it by `{id}-error` (aria-describedby). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

/** A line of help under an input, tied to it by `{id}-hint` (aria-describedby). */
function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="text-sm text-gray-600">
      {hint}
    </p>
  );
}

/** aria-describedby for an input with an optional hint (`{id}-hint`) and error (`{id}-error`). */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

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
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAction}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        {...inputProps}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The email address field of the sign-up, sign-in, forgot-password and contact forms. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}

type TextareaFieldProps = ComponentProps<'textarea'> & { id: string; label: string; hint?: ReactNode; error?: string };

/** TextField's multi-line sibling (no label action). */
export function TextareaField({ id, label, hint, error, ...textareaProps }: TextareaFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        {...textareaProps}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}
