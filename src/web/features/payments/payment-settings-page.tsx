import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { usePaymentSettings } from './api';
import { PaypalCard } from './paypal-card';
import { StripeCard } from './stripe-card';

/** /settings/payments — connect the workspace's Stripe and PayPal accounts. */
export function PaymentSettingsPage() {
  useDocumentTitle('Payment settings', 'Connect Stripe or PayPal so visitors can pay for your lead magnets.');
  return (
    <RequireSession>
      <PaymentSettingsContent />
    </RequireSession>
  );
}

function PaymentSettingsContent() {
  const settings = usePaymentSettings();

  return (
    <div className="mx-auto flex w-full max-w-4xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb current="Payment settings" />

      <PageHeading
        title="Payment settings"
        subtitle="Connect Stripe or PayPal to sell your lead magnets. Visitors pay into your own account."
      />

      {settings.isError ? (
        <ErrorState
          title="Could not load your payment settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      ) : settings.data ? (
        <>
          <StripeCard stripe={settings.data.stripe} />
          <PaypalCard paypal={settings.data.paypal} />
        </>
      ) : (
        <div aria-busy="true" className="grid gap-6">
          <span role="status" className="sr-only">
            Loading your payment settings...
          </span>
          {[0, 1].map((i) => (
            <Card key={i} className="grid gap-4 p-6">
              <Skeleton className="h-6 w-32" />
              <Skeleton className="h-4 w-full max-w-md" />
              <Skeleton className="h-24 w-full" />
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
