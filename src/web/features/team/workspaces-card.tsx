import { ROLE_LABELS } from '@/domain/team';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useChooseWorkspace, useWorkspaces } from './api';

/** Every workspace the user belongs to, and the one this browser works in. Shown when there is a choice. */
export function WorkspacesCard() {
  const workspaces = useWorkspaces();
  const choose = useChooseWorkspace();
  if (!workspaces.data || workspaces.data.length < 2) return null;
  return (
    <Card role="region" aria-labelledby="workspaces-heading" className="grid gap-3 p-4 sm:p-6">
      <h2 id="workspaces-heading" className="text-lg font-semibold text-gray-900">
        Your workspaces
      </h2>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Your workspaces">
        {workspaces.data.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <p className="min-w-0 font-medium break-all text-gray-900">
              {w.name} <span className="text-sm font-normal text-gray-600">· {ROLE_LABELS[w.role]}</span>
            </p>
            {w.active ? (
              <Badge variant="success">Working in it</Badge>
            ) : (
              <Button size="sm" variant="outline" disabled={choose.isPending} onClick={() => choose.mutate(w.id)}>
                Switch<span className="sr-only"> to {w.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
