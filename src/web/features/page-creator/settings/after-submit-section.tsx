import { DEFAULT_THANK_YOU_HEADING, REDIRECT_URL_MAX_LENGTH } from '@/domain/after-submit';
import type { FormConfig } from '@/domain/form-config';
import { TextareaField, TextField } from '@/web/components/text-field';
import { cn } from '@/web/lib/cn';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type AfterSubmitSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

const CHOICES = [
  {
    value: 'thankYou',
    label: 'Show the thank-you page',
    description: 'Visitors see your heading and message with their download.',
  },
  {
    value: 'redirect',
    label: 'Send visitors to my page',
    description: 'Once they are signed up (and confirmed, and paid), they go to your address. The file goes by email.',
  },
] as const;

/** What a visitor sees once signed up: the thank-you page (its heading and message), or the owner's own page. */
export function AfterSubmitSection({ config, errors, onChange }: AfterSubmitSectionProps) {
  // Configs saved before the setting existed have none: the thank-you page.
  const afterSubmit = config.afterSubmit ?? 'thankYou';
  return (
    <section aria-labelledby="creator-after-submit-heading" className="grid gap-4 border-t border-gray-200 pt-5">
      <h3 id="creator-after-submit-heading" className="text-base font-semibold text-gray-900">
        After sign-up
      </h3>
      <fieldset className="grid gap-2">
        <legend className="sr-only">After sign-up</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                afterSubmit === choice.value ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-gray-300',
              )}
            >
              <input
                type="radio"
                name="creator-after-submit"
                value={choice.value}
                checked={afterSubmit === choice.value}
                onChange={() => onChange({ afterSubmit: choice.value })}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-gray-900">{choice.label}</span>
                <span className="text-sm text-gray-600">{choice.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {afterSubmit === 'redirect' && (
        <TextField
          id="creator-redirect-url"
          label="Your page's address"
          hint="A web address starting with https://. Visitors are sent there once their sign-up is complete; while they still have to confirm their email or pay, they stay on your Lodestone page."
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com/welcome"
          maxLength={REDIRECT_URL_MAX_LENGTH}
          value={config.redirectUrl ?? ''}
          error={errors.redirectUrl}
          onChange={(event) => onChange({ redirectUrl: event.target.value })}
        />
      )}
      <TextField
        id="creator-thank-you-heading"
        label="Thank-you heading"
        hint={
          afterSubmit === 'redirect'
            ? 'Shown on the pages visitors see before they go to yours, and on their download page.'
            : `The thank-you page's title. Leave it empty for "${DEFAULT_THANK_YOU_HEADING}".`
        }
        placeholder={DEFAULT_THANK_YOU_HEADING}
        maxLength={200}
        value={config.thankyouHeading ?? ''}
        error={errors.thankyouHeading}
        onChange={(event) => onChange({ thankyouHeading: event.target.value })}
      />
      <TextareaField
        id="creator-thank-you"
        label="Thank-you message"
        hint="Shown to visitors beside their download on the thank-you page (with double opt-in, once they have confirmed)."
        maxLength={1000}
        rows={3}
        value={config.thankyouMessage}
        error={errors.thankyouMessage}
        onChange={(event) => onChange({ thankyouMessage: event.target.value })}
      />
    </section>
  );
}
