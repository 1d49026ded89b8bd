import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { toast } from '@/web/lib/toast';
import { PROVIDER_NAMES, type PaymentSettings, type Provider } from '@/domain/payments';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { DisconnectButton } from './disconnect-button';
import { CardSection } from './provider-card';
import { SaveButton } from './save-button';
import { showSaveError } from './save-error';
import { PLAIN_INPUT_PROPS, SECRET_INPUT_PROPS } from './secret-input';

/** One text input of a provider's credentials form. */
export type CredentialField<T extends FieldValues> = {
  name: Path<T>;
  id: string;
  label: string;
  /** A password input (keys and secrets); otherwise plain text (ids). */
  secret?: boolean;
  placeholder?: string;
  hint?: string;
};

type CredentialsFormProps<T extends FieldValues> = {
  provider: Provider;
  connected: boolean;
  /** Saves the credentials: the provider checks them and the server answers with the new settings. */
  connect: UseMutationResult<PaymentSettings, Error, T>;
  resolver: Resolver<T, unknown, T>;
  /** The empty form. Its keys are the fields the server may name in an error. */
  defaultValues: T;
  /** What the form shows once saved; the empty form unless told (PayPal keeps the chosen mode). */
  valuesAfterSave?: (saved: T) => T;
  /** The text inputs, in order; the first is focused after a disconnect. */
  fields: readonly [CredentialField<T>, ...CredentialField<T>[]];
  /** Inputs above the text fields (PayPal's environment). */
  renderBefore?: (form: UseFormReturn<T, unknown, T>) => ReactNode;
  /** The submit button's label before connecting; `Connect <provider>` unless told. */
  connectLabel?: string;
};

/**
 * A provider card's credentials form: the error from the last save, the inputs, and Connect (or
 * Update and Disconnect once connected). The inputs are emptied after a save: secrets are not kept
 * on screen.
 */
export function CredentialsForm<T extends FieldValues>({
  provider,
  connected,
  connect,
  resolver,
  defaultValues,
  valuesAfterSave = () => defaultValues,
  fields,
  renderBefore,
  connectLabel,
}: CredentialsFormProps<T>) {
  const name = PROVIDER_NAMES[provider];
  const [formError, setFormError] = useState<string | null>(null);
  // DefaultValues<T> is a deep partial of T, which TypeScript cannot see for a generic T.
  const form = useForm<T, unknown, T>({ resolver, defaultValues: defaultValues as DefaultValues<T> });
  const { register, handleSubmit, reset, setError, getFieldState, formState } = form;

  const onSubmit = handleSubmit((credentials) => {
    setFormError(null);
    connect.mutate(credentials, {
      onSuccess: () => {
        reset(valuesAfterSave(credentials));
        toast.success(`${name} connected`);
      },
      onError: (error) => setFormError(showSaveError(error, Object.keys(defaultValues) as Path<T>[], setError)),
    });
  });

  return (
    <CardSection title={connected ? 'Update the credentials' : 'Credentials'}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        {formError && <FormAlert>{formError}</FormAlert>}
        {renderBefore?.(form)}
        {fields.map((field) => (
          <TextField
            key={field.name}
            id={field.id}
            label={field.label}
            placeholder={field.placeholder}
            hint={field.hint}
            error={getFieldState(field.name, formState).error?.message}
            {...(field.secret ? SECRET_INPUT_PROPS : PLAIN_INPUT_PROPS)}
            {...register(field.name)}
          />
        ))}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {connected && <DisconnectButton provider={provider} disabled={connect.isPending} focusAfterId={fields[0].id} />}
          <SaveButton pending={connect.isPending}>
            {connected ? `Update ${name}` : (connectLabel ?? `Connect ${name}`)}
          </SaveButton>
        </div>
      </form>
    </CardSection>
  );
}
