import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { ApiKeysSection } from '@/web/features/api-keys';
import { CaptchaKeysSection } from '@/web/features/captcha';
import { ConversionsSection } from '@/web/features/conversions';
import { EmailToolsSection } from '@/web/features/email-tools';
import { WebhooksSection } from '@/web/features/webhooks';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** /settings/integrations — where leads flow out: email tools, webhooks and the public API's keys. */
export function IntegrationsPage() {
  useDocumentTitle(
    'Integrations',
    'Send your leads to your email tool, to your own systems by webhook, or read them with the API.',
  );
  return (
    <RequireSession>
      <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
        <Breadcrumb current="Integrations" />
        <PageHeading
          title="Integrations"
          subtitle="Send every new lead to your email tool, to your own systems by webhook, or read them with the API."
        />
        <EmailToolsSection />
        <ConversionsSection />
        <WebhooksSection />
        <ApiKeysSection />
        <CaptchaKeysSection />
      </div>
    </RequireSession>
  );
}
