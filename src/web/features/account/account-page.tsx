import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { PageHeading } from '@/web/components/page-heading';
import { Skeleton } from '@/web/components/ui/skeleton';
import { authClient } from '@/web/lib/auth-client';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { EmailCard, NameCard, PasswordCard } from './credentials-cards';
import { DeleteAccountCard } from './delete-account-card';
import { SessionsCard } from './sessions-card';

/** /settings/account — the signed-in person's name, email address, password and sessions. */
export function AccountPage() {
  useDocumentTitle('Account', 'Your name, email address, password and the devices signed in to your account.');
  return (
    <RequireSession>
      <div className="mx-auto flex w-full max-w-3xl min-w-0 flex-col gap-6 px-4 py-8 sm:gap-8 sm:px-6 sm:py-10 lg:px-8">
        <Breadcrumb current="Account" />
        <PageHeading title="Account" subtitle="Your name, email address, password and the devices signed in to your account." />
        <AccountSections />
      </div>
    </RequireSession>
  );
}

function AccountSections() {
  const { data: session } = authClient.useSession();
  if (!session) return <Skeleton className="h-64" />;
  return (
    <>
      <NameCard name={session.user.name} />
      <EmailCard email={session.user.email} />
      <PasswordCard />
      <SessionsCard currentToken={session.session.token} />
      <DeleteAccountCard email={session.user.email} />
    </>
  );
}
