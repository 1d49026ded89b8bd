import type { ReactNode } from 'react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';

type SubmitButtonProps = { pending: boolean; children: ReactNode };

/** Disabled with a spinner for as long as the request it sent is running. */
export function SubmitButton({ pending, children }: SubmitButtonProps) {
  return (
    <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
