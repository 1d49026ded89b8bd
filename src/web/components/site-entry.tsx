import type { ReactNode } from 'react';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';

type SiteEntryProps = {
  id: string;
  label: string;
  action: string;
  value: string;
  onValueChange: (value: string) => void;
  onAdd: () => void;
  hint: ReactNode;
  error?: string;
  pending?: boolean;
};

/**
 * One site address typed in and added with a button or Enter: the editor's embed setting and the
 * Embed dialog's "Allow your site". Not a <form>: the editor may sit inside one, and Enter must not publish.
 */
export function SiteEntry({ id, label, action, value, onValueChange, onAdd, hint, error, pending = false }: SiteEntryProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          maxLength={200}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: true, error })}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (value.trim() !== '' && !pending) onAdd();
          }}
        />
        <Button type="button" variant="outline" onClick={onAdd} disabled={value.trim() === '' || pending}>
          {pending && <Spinner />}
          {action}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {hint}
      </p>
      <FieldError id={id} error={error} />
    </div>
  );
}
