import { lazy, Suspense } from 'react';
import { useEditablePages } from './api';

// Most workspaces are within their plan: the choice downloads only for one that is not.
const KeptPagesChoice = lazy(() => import('./kept-pages-choice').then((m) => ({ default: m.KeptPagesChoice })));

/**
 * Shown on the dashboard only while the workspace has more pages than its plan allows (after a
 * downgrade): every page stays live, and the owner chooses which ones they keep editing.
 */
export function KeptPagesCard() {
  const editable = useEditablePages();
  if (!editable.data?.overLimit || editable.data.limit === null) return null;
  // Keyed by what the server says is editable: a change there (a page deleted) starts the choice afresh.
  const key = editable.data.pages.map((p) => `${p.id}:${p.editable ? 1 : 0}`).join(',');
  return (
    <Suspense fallback={null}>
      <KeptPagesChoice key={key} pages={editable.data} limit={editable.data.limit} />
    </Suspense>
  );
}
