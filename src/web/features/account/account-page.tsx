import { SettingsScreen } from '@/web/app/settings-screen';
import { Skeleton } from '@/web/components/ui/skeleton';
import { authClient } from '@/web/lib/auth-client';
import { EmailCard, NameCard, PasswordCard } from './credentials-cards';
import { DeleteAccountCard } from './delete-account-card';
import { SessionsCard } from './sessions-card';

/** /settings/account — the signed-in person's name, email address, password and sessions. */
export function AccountPage() {
  return (
    <SettingsScreen
      title="Account"
      subtitle="Your name, email address, password and the devices signed in to your account."
      narrow
    >
      <AccountSections />
    </SettingsScreen>
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
