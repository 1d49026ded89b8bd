import { lazy, useEffect } from 'react';
import { useLocation, useNavigate } from '@/web/lib/router';
import { RequireSession } from '@/web/app/require-session';
import { DashboardPlanCard } from '@/web/features/billing';
import { KeptPagesCard } from '@/web/features/plan-limits';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { DashboardFrame } from './dashboard-frame';
import { FormsTableCard } from './forms-table-card';
import { publishedFromState } from './published-state';
import { RevenueCard } from './revenue-card';
import { StatsCards } from './stats-cards';

// The notice of a page just published downloads only then: most of the dashboard's loads do not show it.
const loadPublishedNotice = () => import('./published-notice');
const PublishedNotice = lazy(() => loadPublishedNotice().then((m) => ({ default: m.PublishedNotice })));

function DashboardContent() {
  const location = useLocation();
  const navigate = useNavigate();
  // In history state, so a reload keeps showing the link and leaving the dashboard forgets it.
  const published = publishedFromState(location.state);
  const dismiss = () => void navigate(location.pathname, { replace: true, state: null });
  return (
    <DashboardFrame>
      {published && <PublishedNotice page={published} onDismiss={dismiss} />}
      <KeptPagesCard />
      <div className="flex flex-col gap-3 sm:gap-4">
        <StatsCards />
        <RevenueCard />
      </div>
      <FormsTableCard />
      <DashboardPlanCard />
    </DashboardFrame>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard', 'Your landing pages, leads, conversion rate and revenue at a glance.');
  // The screen waits for the notice (no shift when it comes): it downloads while the session is checked.
  const published = publishedFromState(useLocation().state) !== null;
  useEffect(() => {
    if (published) void loadPublishedNotice().catch(() => undefined);
  }, [published]);
  return (
    <RequireSession>
      <DashboardContent />
    </RequireSession>
  );
}
