import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { type PageDefaults, pageDefaultsSchema } from '@/domain/page-defaults';
import { LanguageSelect } from '@/web/components/language-select';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api';
import { useSavePageDefaults } from './api';
import { MembersOnly } from './members-only';
import { AddressCheckSwitches, CaptchaChoiceField } from './page-checks-fields';

/** What new pages start from: the privacy-policy address, the language, the address checks and the captcha, chosen once for the workspace. */
export function PageDefaultsCard({ saved, manages }: { saved: PageDefaults; manages: boolean | undefined }) {
  const [privacyPolicyUrl, setPrivacyPolicyUrl] = useState(saved.privacyPolicyUrl);
  const [language, setLanguage] = useState(saved.language);
  const [addressChecks, setAddressChecks] = useState(saved.addressChecks);
  const [captcha, setCaptcha] = useState(saved.captcha);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePageDefaults();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = pageDefaultsSchema.safeParse({ privacyPolicyUrl, language, addressChecks, captcha });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      const next = await save.mutateAsync(parsed.data);
      setPrivacyPolicyUrl(next.privacyPolicyUrl);
      setLanguage(next.language);
      setAddressChecks(next.addressChecks);
      setCaptcha(next.captcha);
      toast.success('Page defaults saved');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Card className="p-6">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5" aria-labelledby="page-defaults-title">
        <div className="grid gap-1">
          <h2 id="page-defaults-title" className="text-lg font-semibold text-gray-900">
            Page defaults
          </h2>
          <p className="text-sm text-gray-600">
            New pages start with these. Pages you already made keep their own; change them in each page&apos;s settings.
          </p>
        </div>
        <fieldset disabled={!manages} className="grid min-w-0 gap-5">
          <TextField
            id="page-defaults-privacy-url"
            label="Privacy policy address"
            type="url"
            inputMode="url"
            placeholder="https://yoursite.com/privacy"
            value={privacyPolicyUrl}
            onChange={(e) => setPrivacyPolicyUrl(e.target.value)}
            hint="Linked from the consent checkbox on your pages. Your first published page fills it in if it is empty."
            error={errors.privacyPolicyUrl}
          />
          <LanguageSelect
            id="page-defaults-language"
            label="Page language"
            hint="The language visitors read your new pages’ buttons, messages and emails in. Your first page published in another language sets it if you never chose one."
            value={language}
            onChange={setLanguage}
          />
          <AddressCheckSwitches value={addressChecks} onChange={setAddressChecks} />
          <CaptchaChoiceField value={captcha} onChange={setCaptcha} />
        </fieldset>
        <MembersOnly allowed={manages} note="Only the workspace’s owners and admins can change its page defaults.">
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save page defaults'}
            </Button>
          </div>
        </MembersOnly>
      </form>
    </Card>
  );
}
