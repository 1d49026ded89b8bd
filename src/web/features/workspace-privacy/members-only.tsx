import type { ReactNode } from 'react';

/**
 * A card's buttons for a member whose role may use them; for one whose role may not, a line saying
 * who can (the server would refuse them). While the role is still loading, nothing.
 */
export function MembersOnly({ allowed, note, children }: { allowed: boolean | undefined; note: string; children: ReactNode }) {
  if (allowed === undefined) return null;
  if (allowed) return children;
  return <p className="text-sm text-gray-600">{note}</p>;
}
