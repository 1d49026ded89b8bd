import { ChevronDown, Plus } from 'lucide-react';
import { MAX_PLACEMENTS_PER_PAGE, type Placement, PLACEMENT_DISPLAYS, type PlacementDisplay } from '@/domain/placements';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { DISPLAY_LABELS } from './display-labels';
import { placementSummary } from './placement-draft';

type PlacementListProps = {
  placements: Placement[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Absent for a viewer. */
  onAdd?: (display: PlacementDisplay) => void;
  adding: boolean;
};

/** The page's placements, each with its display and trigger in words, and "Add placement". */
export function PlacementList({ placements, selectedId, onSelect, onAdd, adding }: PlacementListProps) {
  const full = placements.length >= MAX_PLACEMENTS_PER_PAGE;
  return (
    <div className="grid gap-3">
      {placements.length === 0 ? (
        <p className="text-sm text-gray-700">
          No placements yet. Add one: inline in your page, a popup, a slide-in or a bar, each with its own trigger and pages.
        </p>
      ) : (
        <ul aria-label="Placements" className="grid gap-2">
          {placements.map((placement) => {
            const selected = placement.id === selectedId;
            return (
              <li key={placement.id}>
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(placement.id)}
                  className={cn(
                    'grid w-full gap-0.5 rounded-lg border px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    selected ? 'border-indigo-600 bg-indigo-50' : 'border-gray-200 bg-white hover:border-gray-300',
                  )}
                >
                  <span className="truncate font-medium text-gray-900">{placement.settings.name}</span>
                  <span className="text-sm text-gray-700">{placementSummary(placement.settings)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {onAdd &&
        (full ? (
          <p className="text-sm text-gray-700">A page can have at most {MAX_PLACEMENTS_PER_PAGE} placements.</p>
        ) : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button type="button" variant="outline" disabled={adding} className="justify-self-start">
                {adding ? <Spinner /> : <Plus aria-hidden="true" />}
                Add placement
                <ChevronDown aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              {PLACEMENT_DISPLAYS.map((display) => (
                <DropdownMenuItem key={display} onSelect={() => onAdd(display)}>
                  {DISPLAY_LABELS[display]}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        ))}
    </div>
  );
}
