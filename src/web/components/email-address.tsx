import { Fragment } from 'react';
import { cn } from '@/web/lib/cn';

/**
 * An email address that may wrap where a reader expects it to: before its @ and before each dot
 * (a hyphen is a break already). Only a single part too long for the line is broken inside.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className={cn('break-words', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
