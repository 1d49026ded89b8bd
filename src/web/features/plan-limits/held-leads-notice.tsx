import { Hourglass } from 'lucide-react';
import { heldLeadsNotices } from '@/domain/plan-usage';
import { Link } from '@/web/lib/router';
import { useHeldLeads } from './api';

/**
 * The leads screen's notice of sign-ups held past the plan's month (decision 0045): how many, why,
 * and when they appear. Nothing when none are held (or the count could not be read).
 */
export function HeldLeadsNotice() {
  const held = useHeldLeads();
  const notices = held.data ? heldLeadsNotices(held.data) : [];
  if (notices.length === 0) return null;
  return (
    <section
      aria-label="Held sign-ups"
      className="flex flex-col gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-start sm:justify-between sm:p-5"
    >
      <div className="flex min-w-0 items-start gap-2.5">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div className="flex min-w-0 flex-col gap-1 text-sm">
          {notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
          <p className="text-amber-900">
            Held sign-ups got your file as usual; they are not in this list, exports or integrations until they appear.
          </p>
        </div>
      </div>
      <Link
        to="/settings/billing"
        className="shrink-0 self-start rounded-lg bg-amber-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
      >
        Upgrade
      </Link>
    </section>
  );
}
