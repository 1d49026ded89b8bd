import { ArrowDown, ArrowUp, Lock, Trash2 } from 'lucide-react';
import {
  EMAIL_FIELD_ID,
  FIELD_TYPES,
  NEW_FIELD_PLACEHOLDER,
  visitorPlaceholder,
  type FieldType,
  type FormField,
} from '@/domain/form-config';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { SwitchField } from './controls';

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  phone: 'Phone',
  textarea: 'Text area',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  radio: 'Multiple choice',
  date: 'Date',
  hidden: 'Hidden (from the link)',
};

type FieldCardProps = {
  field: FormField;
  index: number;
  isLast: boolean;
  labelError?: string;
  onChange: (patch: Partial<FormField>) => void;
  /** `pressedId`: the button pressed, to be focused again once the card has moved. */
  onMove: (direction: -1 | 1, pressedId: string) => void;
  onRemove: () => void;
};

/** One field of the form: move, remove, label, type, placeholder and required (the email field locked). */
export function FieldCard({ field, index, isLast, labelError, onChange, onMove, onRemove }: FieldCardProps) {
  const isEmail = field.id === EMAIL_FIELD_ID;
  const base = `creator-field-${field.id}`;
  const name = field.label.trim() || `field ${index + 1}`;
  return (
    <li className="rounded-xl border border-gray-200 bg-gray-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-1.5 text-sm font-semibold text-gray-900">
          Field {index + 1}
          {isEmail && (
            <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
              <Lock aria-hidden="true" className="size-3" />
              Always included
            </span>
          )}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            id={`${base}-up`}
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={index === 0}
            aria-label={`Move ${name} up`}
            onClick={() => onMove(-1, `${base}-up`)}
          >
            <ArrowUp />
          </Button>
          <Button
            id={`${base}-down`}
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            disabled={isLast}
            aria-label={`Move ${name} down`}
            onClick={() => onMove(1, `${base}-down`)}
          >
            <ArrowDown />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${base}-label`}
          label="Label"
          maxLength={200}
          value={field.label}
          disabled={isEmail}
          error={labelError}
          onChange={(event) => onChange({ label: event.target.value })}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={`${base}-type`}>Type</Label>
          {isEmail ? (
            <Select value="email" disabled>
              <SelectTrigger id={`${base}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="email">{FIELD_TYPE_LABELS.email}</SelectItem>
              </SelectContent>
            </Select>
          ) : (
            <Select value={field.type} onValueChange={(value) => onChange({ type: value as FieldType })}>
              <SelectTrigger id={`${base}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {FIELD_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {FIELD_TYPE_LABELS[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </div>
        <TextField
          id={`${base}-placeholder`}
          label="Placeholder"
          maxLength={200}
          hint={
            visitorPlaceholder(field) === undefined && field.placeholder.trim() !== ''
              ? `Visitors see no placeholder while it says "${NEW_FIELD_PLACEHOLDER}": write a hint that helps them, or leave it empty.`
              : undefined
          }
          value={field.placeholder}
          onChange={(event) => onChange({ placeholder: event.target.value })}
        />
        <SwitchField
          id={`${base}-required`}
          label="Required"
          description={isEmail ? 'The email field is always required.' : 'Visitors must fill this in.'}
          checked={isEmail ? true : field.required}
          disabled={isEmail}
          onCheckedChange={(required) => onChange({ required })}
          className="self-end rounded-lg border border-gray-200 bg-white px-3 py-2"
        />
      </div>
    </li>
  );
}
