import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/domain/auth';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { authClient } from '@/web/lib/auth-client';
import { useSearchParams } from '@/web/lib/router';
import { Outcome, Section, useAuthForm } from './section';
import { sessionsQueryKey } from './sessions-card';

export function NameCard({ name: current }: { name: string }) {
  const [name, setName] = useState(current);
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100) return form.fail('Enter your name (at most 100 characters).');
    void form.run(() => authClient.updateUser({ name: trimmed }), 'Your name is saved.');
  };
  return (
    <Section id="account-name" title="Name" description="Shown to your team and in the emails Lodestone sends you.">
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-name-field"
          label="Full Name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Save name
          </Button>
        </div>
      </form>
    </Section>
  );
}

export function EmailCard({ email }: { email: string }) {
  const [params] = useSearchParams();
  const [newEmail, setNewEmail] = useState('');
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wanted = newEmail.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(wanted)) return form.fail('Enter a valid email address.');
    if (wanted === email.toLowerCase()) return form.fail('That is already your email address.');
    void form.run(
      () => authClient.changeEmail({ newEmail: wanted, callbackURL: '/settings/account?email=changed' }),
      `We sent a link to ${wanted}. Your address changes when you open it; until then you sign in as ${email}.`,
      () => setNewEmail(''),
    );
  };
  return (
    <Section id="account-email" title="Email address" description={`You sign in as ${email}.`}>
      {params.get('email') === 'changed' && <FormAlert tone="success">Your email address is now {email}.</FormAlert>}
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-new-email"
          label="New email address"
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
        />
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Send confirmation link
          </Button>
        </div>
      </form>
    </Section>
  );
}

export function PasswordCard() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [revokeOtherSessions, setRevoke] = useState(true);
  const form = useAuthForm();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!currentPassword) return form.fail('Enter your current password.');
    if (newPassword.length < PASSWORD_MIN_LENGTH || newPassword.length > PASSWORD_MAX_LENGTH)
      return form.fail(`Choose a new password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`);
    void form.run(
      () => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions }),
      revokeOtherSessions ? 'Your password is changed, and every other device is signed out.' : 'Your password is changed.',
      () => {
        setCurrent('');
        setNew('');
        // This device got a new session, and the others may be gone: the list is read again.
        void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      },
    );
  };
  return (
    <Section id="account-password" title="Password" description="Change it whenever you like; you stay signed in here.">
      <form noValidate onSubmit={submit} className="grid gap-3">
        <Outcome outcome={form.outcome} />
        <TextField
          id="account-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          id="account-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
        />
        <div className="flex items-center gap-2">
          <input
            id="account-revoke-others"
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-indigo-600"
            checked={revokeOtherSessions}
            onChange={(e) => setRevoke(e.target.checked)}
          />
          <label htmlFor="account-revoke-others" className="text-sm text-gray-700">
            Sign out every other device
          </label>
        </div>
        <div>
          <Button type="submit" disabled={form.pending} aria-busy={form.pending}>
            {form.pending && <Spinner />}
            Change password
          </Button>
        </div>
      </form>
    </Section>
  );
}
