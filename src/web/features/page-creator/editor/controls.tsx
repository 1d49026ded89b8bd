import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { cn } from '@/web/lib/cn';

type SwitchFieldProps = {
  id: string;
  label: string;
  description?: ReactNode;
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

/** The editor's red bin button that removes one thing (a field, a section, an item), named for what it removes. */
export function RemoveButton({ label, onClick, id }: { label: string; onClick: () => void; id?: string }) {
  return (
    <Button
      id={id}
      type="button"
      variant="ghost"
      size="icon"
      className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
      aria-label={label}
      onClick={onClick}
    >
      <Trash2 />
    </Button>
  );
}
