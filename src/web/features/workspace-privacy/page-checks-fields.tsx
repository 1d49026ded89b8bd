import { CircleAlert } from 'lucide-react';
import { CAPTCHA_CHOICES, CAPTCHA_NAMES, type CaptchaChoice, type CaptchaProvider } from '@/domain/captcha';
import type { AddressChecks } from '@/domain/form-config';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useCaptchaSettings } from '@/web/features/captcha';
import { Link } from '@/web/lib/router';
import { ADDRESS_CHECK_SWITCHES, CAPTCHA_CHOICE_WORDS } from '@/web/lib/page-check-words';

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 hover:no-underline';

/** The three address checks new pages start with (docs/decisions/0086). */
export function AddressCheckSwitches({ value, onChange }: { value: AddressChecks; onChange: (next: AddressChecks) => void }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-1 text-sm font-semibold text-gray-900">Email address checks</legend>
      <p className="text-sm text-gray-600">
        Your first page published with other checks than these sets them if you never saved page defaults here.
      </p>
      {ADDRESS_CHECK_SWITCHES.map(({ key, label, description }) => {
        const id = `page-defaults-address-${key}`;
        return (
          <div key={key} className="flex items-start justify-between gap-4">
            <div className="grid gap-0.5">
              <Label htmlFor={id}>{label}</Label>
              <p id={`${id}-hint`} className="text-sm text-gray-600">
                {description}
              </p>
            </div>
            <Switch
              id={id}
              checked={value[key]}
              onCheckedChange={(on) => onChange({ ...value, [key]: on })}
              aria-describedby={`${id}-hint`}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * The captcha new pages start with (docs/decisions/0087). Keys are entered in the creator or in
 * Integrations; here the owner only learns that a provider has none yet, since its pages cannot be
 * published without them.
 */
export function CaptchaChoiceField({ value, onChange }: { value: CaptchaChoice; onChange: (next: CaptchaChoice) => void }) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby="page-defaults-captcha-hint">
      <legend className="mb-1 text-sm font-semibold text-gray-900">Captcha</legend>
      <p id="page-defaults-captcha-hint" className="text-sm text-gray-600">
        Asks visitors to prove they are not a robot before their sign-up is accepted. Your first page published with a captcha
        sets it if you never saved page defaults here.
      </p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {CAPTCHA_CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name="page-defaults-captcha"
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
              className="size-4 accent-indigo-600"
            />
            {CAPTCHA_CHOICE_WORDS.find((c) => c.value === choice)?.label}
          </label>
        ))}
      </div>
      {value !== 'off' && <MissingKeys provider={value} />}
    </fieldset>
  );
}

/** Says so when the workspace has no keys for `provider`; nothing while that is unknown. */
function MissingKeys({ provider }: { provider: CaptchaProvider }) {
  const settings = useCaptchaSettings();
  if (!settings.data || settings.data[provider]) return null;
  const name = CAPTCHA_NAMES[provider];
  return (
    <p role="status" className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50/60 px-3 py-2.5 text-sm text-amber-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span>
        Your workspace has no {name} keys yet: pages asking for it can’t be published until you add them in{' '}
        <Link to="/settings/integrations" className={linkClass}>
          Integrations
        </Link>{' '}
        (or in the page’s settings).
      </span>
    </p>
  );
}
