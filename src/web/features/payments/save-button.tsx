import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';

/** The form's submit button: disabled with a spinner while the provider checks the credentials. */
export function SaveButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
