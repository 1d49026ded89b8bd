import { CircleCheck, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { CAPTCHA_NAMES, CAPTCHA_PROVIDERS, type CaptchaProvider } from '@/domain/captcha';
import type { CaptchaKeys } from '@/domain/captcha-api';
import { ConfirmButton } from '@/web/components/confirm-button';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCaptchaSettings, useRemoveCaptchaKeys } from './api';
import { CaptchaKeysForm } from './captcha-keys-form';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /settings/integrations: the workspace's captcha keys, per provider, to check, replace or remove. */
export function CaptchaKeysSection() {
  const settings = useCaptchaSettings();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold text-gray-900">
          Captcha keys
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          The keys your pages use when you turn on a captcha (the page creator → Settings → Captcha). Each provider’s keys are
          entered once and shared by all your pages.
        </p>
      </div>
      {settings.isError ? (
        <ErrorState
          title="Could not load your captcha keys"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : !settings.data ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="grid gap-4">
          {CAPTCHA_PROVIDERS.map((provider) => (
            <CaptchaKeysCard key={provider} provider={provider} keys={settings.data[provider]} />
          ))}
        </div>
      )}
    </section>
  );
}

function CaptchaKeysCard({ provider, keys }: { provider: CaptchaProvider; keys: CaptchaKeys | null }) {
  const name = CAPTCHA_NAMES[provider];
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4 sm:p-5">
        <h3 id={headingId} className="text-base font-semibold text-gray-900">
          {name}
        </h3>
        {keys ? (
          <Badge variant="success">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Keys saved
          </Badge>
        ) : (
          <Badge variant="neutral">No keys</Badge>
        )}
      </div>
      <div className="grid gap-4 border-t border-gray-200 p-4 sm:p-5">
        {keys ? (
          <>
            <dl className="grid gap-x-6 gap-y-2 rounded-xl border border-gray-200 bg-gray-50 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="font-medium text-gray-700">Site key</dt>
              <dd className="font-mono break-all text-gray-900">{keys.siteKey}</dd>
              <dt className="font-medium text-gray-700">Secret key</dt>
              <dd className="font-mono text-gray-900">{keys.maskedSecret}</dd>
              <dt className="font-medium text-gray-700">Saved on</dt>
              <dd className="text-gray-900">
                <time dateTime={keys.savedAt}>{dateTimeFormat.format(new Date(keys.savedAt))}</time>
              </dd>
            </dl>
            <RemoveKeysButton provider={provider} />
          </>
        ) : (
          <CaptchaKeysForm provider={provider} idPrefix={`integrations-${provider}`} />
        )}
      </div>
    </Card>
  );
}

function RemoveKeysButton({ provider }: { provider: CaptchaProvider }) {
  const remove = useRemoveCaptchaKeys(provider);
  const name = CAPTCHA_NAMES[provider];
  return (
    <div className="flex justify-end">
      <ConfirmButton
        title={`Remove your ${name} keys?`}
        description={`Lodestone deletes the ${name} keys it stores. Keys a live page asks for stay until that page's captcha is off, and a page asking for ${name} cannot be published again until you add keys.`}
        confirmLabel={`Remove ${name} keys`}
        pendingLabel="Removing..."
        action={() => remove.mutateAsync(undefined)}
        successMessage={`${name} keys removed`}
      >
        <Trash2 aria-hidden="true" />
        Remove keys
      </ConfirmButton>
    </div>
  );
}
