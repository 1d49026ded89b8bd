import type { ComponentProps, ReactNode } from 'react';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { cn } from '@/web/lib/cn';

/** The error under an input, tied to it by `{id}-error` (aria-describedby). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

/** aria-describedby for an input with an optional hint (`{id}-hint`) and error (`{id}-error`). */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

type TextareaFieldProps = ComponentProps<'textarea'> & { id: string; label: string; hint?: ReactNode; error?: string };

export function TextareaField({ id, label, hint, error, className, ...props }: TextareaFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: Boolean(hint), error })}
        className={className}
        {...props}
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

type SwitchFieldProps = {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/** A labelled switch (role="switch") with an optional description under the label. */
export function SwitchField({ id, label, description, checked, onCheckedChange, disabled, className }: SwitchFieldProps) {
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={`${id}-hint`} className="text-sm text-gray-600">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-hint` : undefined}
      />
    </div>
  );
}
