import { Plus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';

/** The schema's limits on a dropdown's or radio group's choices (form-config.ts). */
const MAX_OPTIONS = 50;
const MAX_OPTION_LENGTH = 100;

type FieldOptionsEditorProps = {
  /** Prefix of the element ids (`{base}-options`, `{base}-option-{n}`). */
  base: string;
  /** The field's name as the owner reads it, for the buttons' labels. */
  fieldName: string;
  options: string[];
  error?: string;
  onChange: (options: string[]) => void;
};

/**
 * A dropdown's or radio group's choices: one input per option, in the order visitors see them, each
 * removable, and a button to add one. Focus follows: to a new option, and after a removal to the
 * option that took its place (or the Add button).
 */
export function FieldOptionsEditor({ base, fieldName, options, error, onChange }: FieldOptionsEditorProps) {
  const id = `${base}-options`;
  const focusNext = useRef<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (document.getElementById(target) ?? addRef.current)?.focus();
  });

  // With an error shown, the options at fault say so (an empty one, a repeated one).
  const seen = new Map<string, number>();
  for (const option of options) seen.set(option.trim().toLowerCase(), (seen.get(option.trim().toLowerCase()) ?? 0) + 1);
  const atFault = (option: string) =>
    Boolean(error) && (option.trim() === '' || (seen.get(option.trim().toLowerCase()) ?? 0) > 1);
  const noneAtFault = !options.some(atFault);

  const add = () => {
    onChange([...options, '']);
    focusNext.current = `${base}-option-${options.length}`;
  };
  const remove = (index: number) => {
    onChange(options.filter((_, i) => i !== index));
    focusNext.current = index < options.length - 1 ? `${base}-option-${index}` : index > 0 ? `${base}-option-${index - 1}` : null;
    if (focusNext.current === null) focusNext.current = `${base}-add-option`;
  };

  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="text-sm font-medium text-gray-900">Options</legend>
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        The choices visitors pick one of, in this order.
      </p>
      {options.length > 0 && (
        <ol className="grid gap-2">
          {options.map((option, index) => (
            <li key={index} className="flex items-center gap-2">
              <Input
                id={`${base}-option-${index}`}
                aria-label={`Option ${index + 1}`}
                maxLength={MAX_OPTION_LENGTH}
                value={option}
                aria-invalid={atFault(option) ? true : undefined}
                aria-describedby={atFault(option) ? `${id}-error` : undefined}
                onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9 text-red-700 hover:bg-red-50 hover:text-red-800"
                aria-label={`Remove option ${index + 1}${option.trim() ? ` (${option.trim()})` : ''} of ${fieldName}`}
                onClick={() => remove(index)}
              >
                <X />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button
        ref={addRef}
        id={`${base}-add-option`}
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={options.length >= MAX_OPTIONS}
        data-error-focus={error && noneAtFault ? '' : undefined}
        onClick={add}
      >
        <Plus />
        Add option
      </Button>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
