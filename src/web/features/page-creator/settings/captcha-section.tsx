import { CircleAlert, CircleCheck, Info, RotateCw } from 'lucide-react';
import { CAPTCHA_NAMES, type CaptchaProvider } from '@/domain/captcha';
import type { FormConfig } from '@/domain/form-config';
import { Button } from '@/web/components/ui/button';
import { CaptchaKeysForm, useCaptchaSettings } from '@/web/features/captcha';
import { authClient } from '@/web/lib/auth-client';
import { cn } from '@/web/lib/cn';
import { Link } from '@/web/lib/router';
import { CAPTCHA_CHOICE_WORDS } from '@/web/lib/page-check-words';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type CaptchaSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 hover:no-underline';

/**
 * "Captcha": which one the form asks visitors to pass (docs/decisions/0087). The keys belong to the
 * workspace: choosing a provider it has none for asks for them here, once, and every later page
 * reuses them. Publishing without them is refused by the server, whose message shows here.
 */
export function CaptchaSection({ config, errors, onChange }: CaptchaSectionProps) {
  // Configs saved before captchas existed have none: off.
  const choice = config.captcha ?? 'off';
  return (
    <section aria-labelledby="creator-captcha-heading" className="grid gap-4 border-t border-gray-200 pt-5">
      <div className="grid gap-1">
        <h3 id="creator-captcha-heading" className="text-base font-semibold text-gray-900">
          Captcha
        </h3>
        <p className="text-sm text-gray-600">
          Asks visitors to prove they are not a robot before their sign-up is accepted. The form then needs JavaScript, and a line
          under it names the provider.
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Captcha</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CAPTCHA_CHOICE_WORDS.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                choice === option.value ? 'border-indigo-600 ring-1 ring-indigo-600' : 'border-gray-300',
              )}
            >
              <input
                type="radio"
                name="creator-captcha"
                value={option.value}
                checked={choice === option.value}
                onChange={() => onChange({ captcha: option.value })}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-gray-900">{option.label}</span>
                <span className="text-sm text-gray-600">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {choice !== 'off' && <ProviderKeys provider={choice} error={errors.captcha} />}
    </section>
  );
}

/** Whether the workspace has the chosen provider's keys, and the fields to add them when it has not. */
function ProviderKeys({ provider, error }: { provider: CaptchaProvider; error?: string }) {
  const { data: session, isPending: sessionPending } = authClient.useSession();
  const settings = useCaptchaSettings({ enabled: Boolean(session) });
  const name = CAPTCHA_NAMES[provider];

  if (sessionPending) return null;
  if (!session) {
    return (
      <p className="flex gap-2 rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-sm text-gray-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
        <span>
          {name} needs your own keys from {name}. After signing in, add them here once: your workspace keeps them for every page.
        </span>
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
        <span>Could not check your workspace’s captcha keys.</span>
        <Button type="button" variant="link" size="sm" className="h-auto px-0" onClick={() => void settings.refetch()}>
          <RotateCw aria-hidden="true" className={cn(settings.isRefetching && 'animate-spin')} />
          Try again
        </Button>
      </div>
    );
  }
  if (!settings.data) return null;

  const keys = settings.data[provider];
  if (keys) {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
        <span>
          Uses your workspace’s {name} keys (site key <span className="font-mono break-all">{keys.siteKey}</span>). Change them in{' '}
          <Link to="/settings/integrations" className={linkClass}>
            Integrations
          </Link>
          .
        </span>
      </p>
    );
  }
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50/60 p-3">
      <p role="status" id="creator-captcha-error" className="flex gap-2 text-sm text-amber-900">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>
          {error ?? `Your workspace has no ${name} keys yet. Add them here before publishing; your next pages reuse them.`}
        </span>
      </p>
      <CaptchaKeysForm provider={provider} idPrefix={`creator-captcha-${provider}`} />
    </div>
  );
}
