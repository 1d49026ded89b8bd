import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { ErrorCode } from '@/domain/api-errors';
import { CAPTCHA_NAMES, type CaptchaProvider } from '@/domain/captcha';
import { CAPTCHA_KEY_SOURCES, siteKeyProblem } from '@/domain/captcha-api';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useSaveCaptchaKeys } from './api';

const PLACEHOLDERS: Record<CaptchaProvider, string> = {
  turnstile: '0x4AAAAAAA…',
  hcaptcha: '10000000-ffff-ffff-ffff-000000000001',
  recaptcha: '6Lc…',
};

/**
 * The site key and secret key of one provider, saved to the workspace (not to a page): every page that
 * chooses this provider uses them, so they are entered once. With a link to where the provider issues them.
 */
export function CaptchaKeysForm({
  provider,
  idPrefix,
  replacing = false,
}: {
  provider: CaptchaProvider;
  idPrefix: string;
  replacing?: boolean;
}) {
  const name = CAPTCHA_NAMES[provider];
  const save = useSaveCaptchaKeys(provider);
  const [siteKey, setSiteKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [errors, setErrors] = useState<{ siteKey?: string; secretKey?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const source = CAPTCHA_KEY_SOURCES[provider];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = {
      siteKey: siteKey.trim() === '' ? 'Enter the site key' : siteKeyProblem(provider, siteKey),
      secretKey: secretKey.trim().length < 8 ? 'Enter the secret key' : undefined,
    };
    setErrors(found);
    if (found.siteKey || found.secretKey) return;
    save.mutate(
      { siteKey: siteKey.trim(), secretKey: secretKey.trim() },
      {
        onSuccess: () => {
          setSiteKey('');
          setSecretKey('');
          toast.success(`${name} keys saved`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === ErrorCode.VALIDATION_ERROR && Object.keys(err.errors).length > 0)
            setErrors({ siteKey: err.errors.siteKey, secretKey: err.errors.secretKey });
          else setFailure(err.message);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label={`${name} keys`}>
      <p className="text-sm text-gray-600">
        {source.where}{' '}
        <a
          href={source.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold text-indigo-700 underline underline-offset-4 hover:no-underline"
        >
          Get {name} keys
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
      <TextField
        id={`${idPrefix}-site-key`}
        label={replacing ? 'New site key' : 'Site key'}
        placeholder={PLACEHOLDERS[provider]}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={siteKey}
        error={errors.siteKey}
        onChange={(event) => setSiteKey(event.target.value)}
      />
      <TextField
        id={`${idPrefix}-secret-key`}
        label={replacing ? 'New secret key' : 'Secret key'}
        hint="Kept encrypted on the server and never shown again: only its last 4 characters."
        type="password"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        value={secretKey}
        error={errors.secretKey}
        onChange={(event) => setSecretKey(event.target.value)}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner />}
          {replacing ? `Replace ${name} keys` : `Save ${name} keys`}
        </Button>
      </div>
    </form>
  );
}
