import { BRANDING_SWITCH_LABEL, canRemoveBranding, REMOVE_BRANDING_NEEDS_PRO } from '@/domain/branding';
import type { FormConfig } from '@/domain/form-config';
import { TextField } from '@/web/components/text-field';
import { useWorkspacePlan } from '@/web/features/team';
import { Link } from '@/web/lib/router';
import { AddressChecksSection } from './address-checks-section';
import { AfterSubmitSection } from './after-submit-section';
import { CaptchaSection } from './captcha-section';
import { SwitchField } from '@/web/features/page-creator/editor/controls';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';
import { EmailsSection } from '@/web/features/page-creator/emails/emails-section';
import { FollowUpsSection } from '@/web/features/page-creator/follow-ups/follow-ups-section';
import { EmbedSection } from './embed-section';
import { LanguagesSection } from './languages-section';

type SettingsTabProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

export function SettingsTab({ config, errors, onChange }: SettingsTabProps) {
  return (
    <div className="grid gap-5">
      <LanguagesSection config={config} errors={errors} onChange={onChange} />
      <SwitchField
        id="creator-double-opt-in"
        label="Double opt-in"
        description="Visitors confirm their email address before they receive the file."
        checked={config.doubleOptIn}
        onCheckedChange={(doubleOptIn) => onChange({ doubleOptIn })}
      />
      <SwitchField
        id="creator-privacy-policy"
        label="Privacy consent"
        description="Show a required privacy policy consent checkbox on the form."
        checked={config.privacyPolicy}
        onCheckedChange={(privacyPolicy) => onChange({ privacyPolicy })}
      />
      {config.privacyPolicy && (
        <TextField
          id="creator-privacy-policy-url"
          label="Privacy policy address"
          hint="The consent checkbox links to it (opens in a new tab). Required to publish while the checkbox is on."
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://example.com/privacy"
          maxLength={2000}
          value={config.privacyPolicyUrl}
          error={errors.privacyPolicyUrl}
          onChange={(event) => onChange({ privacyPolicyUrl: event.target.value })}
        />
      )}
      <CaptchaSection config={config} errors={errors} onChange={onChange} />
      <AddressChecksSection config={config} onChange={onChange} />
      <AfterSubmitSection config={config} errors={errors} onChange={onChange} />
      <BrandingSwitch config={config} onChange={onChange} />
      <EmailsSection config={config} errors={errors} onChange={onChange} />
      <FollowUpsSection config={config} errors={errors} onChange={onChange} />
      <EmbedSection config={config} errors={errors} onChange={onChange} />
    </div>
  );
}

/**
 * The "Made with Lodestone" link (src/domain/branding.ts): Pro and Business may switch it off. On
 * Free the switch stays on and cannot be moved, except back on for a page switched off on Pro.
 */
function BrandingSwitch({ config, onChange }: Pick<SettingsTabProps, 'config' | 'onChange'>) {
  const canRemove = canRemoveBranding(useWorkspacePlan());
  // Configs saved before the setting existed have none: the link shows.
  const shown = config.showBranding !== false;
  return (
    <SwitchField
      id="creator-branding"
      label={BRANDING_SWITCH_LABEL}
      description={
        <>
          A small link to Lodestone at the bottom of your published page.
          {!canRemove && (
            <>
              {' '}
              {REMOVE_BRANDING_NEEDS_PRO}{' '}
              <Link to="/settings/billing" className="font-semibold text-indigo-700 underline underline-offset-4">
                Upgrade your plan
              </Link>
            </>
          )}
        </>
      }
      checked={shown}
      disabled={!canRemove && shown}
      onCheckedChange={(showBranding) => onChange({ showBranding })}
    />
  );
}
