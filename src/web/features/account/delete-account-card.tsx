import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACCOUNT_DELETION_DAYS, type AccountDeletionBody, type AccountStatus } from '@/domain/account';
import { FormAlert } from '@/web/components/form-alert';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError, apiFetch } from '@/web/lib/api';
import { Section } from './section';
import { formatLongDayUs } from '@/domain/us-english';

const ACCOUNT = ['account', 'status'] as const;

/** Deleting the account: typed confirmation and password, then ACCOUNT_DELETION_DAYS in which it can be kept. */
export function DeleteAccountCard({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ACCOUNT, queryFn: () => apiFetch<AccountStatus>('/api/account') });
  const schedule = useMutation({
    mutationFn: (body: AccountDeletionBody) => apiFetch<AccountStatus>('/api/account/deletion', { method: 'POST', json: body }),
    onSuccess: (data) => queryClient.setQueryData(ACCOUNT, data),
  });
  const keep = useMutation({
    mutationFn: () => apiFetch<AccountStatus>('/api/account/deletion', { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(ACCOUNT, data),
  });
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const errors = schedule.error instanceof ApiError ? schedule.error.errors : {};
  const description = `Your account and the workspaces you alone own are deleted ${ACCOUNT_DELETION_DAYS} days after you ask, with their pages, leads and files. Until then you can keep it.`;
  return (
    <Section id="account-delete" title="Delete account" description={description}>
      {status.isPending ? (
        <Skeleton className="h-24" />
      ) : status.isError ? (
        <ErrorState title="Could not load your account" error={status.error} onRetry={() => void status.refetch()} />
      ) : status.data.deletionDueAt ? (
        <div className="grid gap-3">
          <FormAlert>
            Your account will be deleted on {formatLongDayUs(status.data.deletionDueAt)}
            {status.data.workspacesDeleted.length > 0 && `, with ${status.data.workspacesDeleted.map((w) => w.name).join(', ')}`}.
          </FormAlert>
          <div>
            <Button onClick={() => keep.mutate()} disabled={keep.isPending} aria-busy={keep.isPending}>
              {keep.isPending && <Spinner />}
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            schedule.mutate({ confirm, password });
          }}
        >
          {status.data.workspacesDeleted.length > 0 && (
            <div className="text-sm text-gray-700">
              <p>Deleted with your account, as you are their only owner:</p>
              <ul className="mt-1 list-disc pl-5">
                {status.data.workspacesDeleted.map((w) => (
                  <li key={w.id}>
                    {w.name} ({w.members} {w.members === 1 ? 'member' : 'members'})
                  </li>
                ))}
              </ul>
              <p className="mt-1">To keep one, make someone else its owner in Team first.</p>
            </div>
          )}
          {schedule.error && !(schedule.error instanceof ApiError && Object.keys(errors).length > 0) && (
            <FormAlert>{schedule.error.message}</FormAlert>
          )}
          <TextField
            id="account-delete-confirm"
            label={`Type ${email} to confirm`}
            autoComplete="off"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errors.confirm}
          />
          <TextField
            id="account-delete-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <div>
            <Button
              type="submit"
              variant="outline"
              className="text-red-700"
              disabled={schedule.isPending}
              aria-busy={schedule.isPending}
            >
              {schedule.isPending && <Spinner />}
              Delete my account in {ACCOUNT_DELETION_DAYS} days
            </Button>
          </div>
        </form>
      )}
    </Section>
  );
}
