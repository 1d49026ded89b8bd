import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { WORKSPACE_LEAD_STATUSES, type WorkspaceLeadStatus } from '@/domain/lead-statuses';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { OptionSelect } from '@/web/components/option-select';
import { displayName } from '@/web/features/dashboard';
import { useLeadPages } from './api';
import type { LeadFilter, LeadFilterKey } from './lead-filter';

const SEARCH_DEBOUNCE_MS = 300;
/** Radix Select has no empty value: this one stands for "no filter". */
const ANY = 'any';

export const STATUS_LABELS: Record<WorkspaceLeadStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  refunded: 'Refunded',
};

const STATUS_OPTIONS = [
  { value: ANY, label: 'All statuses' },
  ...WORKSPACE_LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

type LeadFiltersProps = {
  filter: LeadFilter;
  setFilter: (key: LeadFilterKey, value: string, options?: { replace?: boolean }) => void;
  filtered: boolean;
  onClear: () => void;
};

/** Search, page, status, dates and UTM source; they wrap onto as many rows as the width needs. */
export function LeadFilters({ filter, setFilter, filtered, onClear }: LeadFiltersProps) {
  const ids = { search: useId(), page: useId(), status: useId(), from: useId(), to: useId(), utm: useId() };
  return (
    // Two columns on phones (page and status, then the dates, side by side), six from `lg` up.
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-6">
      <div className="col-span-2 flex flex-col gap-1.5">
        <Label htmlFor={ids.search}>Search</Label>
        <SearchBox id={ids.search} value={filter.q ?? ''} onSearch={(q) => setFilter('q', q, { replace: true })} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.page}>Page</Label>
        <PageSelect id={ids.page} value={filter.form} onChange={(form) => setFilter('form', form)} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.status}>Status</Label>
        <OptionSelect
          id={ids.status}
          value={filter.status ?? ANY}
          onValueChange={(v) => setFilter('status', v === ANY ? '' : v)}
          options={STATUS_OPTIONS}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.from}>From</Label>
        <Input id={ids.from} type="date" value={filter.from ?? ''} onChange={(e) => setFilter('from', e.target.value)} />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.to}>To</Label>
        <Input id={ids.to} type="date" value={filter.to ?? ''} onChange={(e) => setFilter('to', e.target.value)} />
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ids.utm}>UTM source</Label>
        <UtmSourceBox
          id={ids.utm}
          value={filter.utmSource ?? ''}
          onChange={(source) => setFilter('utmSource', source, { replace: true })}
        />
      </div>
      {filtered && (
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button variant="outline" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Text typed into a filter reaches the address (and so the API) once typing pauses; a change of
 * the address from elsewhere (back button, Clear filters) shows in the box.
 */
function useDebouncedInput(value: string, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [changedElsewhere, setChangedElsewhere] = useState(0);
  if (value !== shown) {
    setShown(value);
    setText(value);
    setChangedElsewhere((n) => n + 1);
  }
  const timer = useRef<number | undefined>(undefined);
  // Text still waiting to be sent must not undo a change made elsewhere (Clear filters, back button).
  useEffect(() => () => window.clearTimeout(timer.current), [changedElsewhere]);
  const onChange = (next: string) => {
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setShown(next.trim());
      commit(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };
  return { text, onChange };
}

function SearchBox({ id, value, onSearch }: { id: string; value: string; onSearch: (q: string) => void }) {
  const { text, onChange } = useDebouncedInput(value, onSearch);
  return (
    <div className="relative">
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <Input
        id={id}
        type="search"
        placeholder="Email, name or any answer"
        autoComplete="off"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

function UtmSourceBox({ id, value, onChange }: { id: string; value: string; onChange: (source: string) => void }) {
  const input = useDebouncedInput(value, onChange);
  return (
    <Input
      id={id}
      placeholder="e.g. newsletter"
      autoComplete="off"
      value={input.text}
      onChange={(e) => input.onChange(e.target.value)}
    />
  );
}

/** The workspace's pages; a page id in the address that is not among them still shows, so the server's answer can be read. */
function PageSelect({ id, value, onChange }: { id: string; value: string | undefined; onChange: (form: string) => void }) {
  const pages = useLeadPages();
  const live = pages.data?.live ?? [];
  const deleted = pages.data?.deleted ?? [];
  const unknown = value && ![...live, ...deleted].some((f) => f.id === value) ? value : null;
  const options = [
    { value: ANY, label: 'All pages' },
    ...(unknown ? [{ value: unknown, label: pages.isPending ? 'Loading…' : 'Unknown page' }] : []),
    ...live.map((f) => ({ value: f.id, label: displayName(f.name) })),
    ...deleted.map((f) => ({ value: f.id, label: `${displayName(f.name)} (deleted)` })),
  ];
  return (
    <OptionSelect
      id={id}
      value={value ?? ANY}
      onValueChange={(v) => onChange(v === ANY ? '' : v)}
      options={options}
      aria-busy={pages.isPending}
    />
  );
}
