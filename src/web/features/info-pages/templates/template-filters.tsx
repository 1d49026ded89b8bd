import { SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { TEMPLATE_CATEGORIES } from '@/domain/templates';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { activeFilterCount, type PriceFilter, type TemplateFilters } from './filter-templates';

type TemplateFiltersButtonProps = {
  filters: TemplateFilters;
  onChange: (next: TemplateFilters) => void;
};

const PRICES: Array<{ value: PriceFilter; label: string }> = [
  { value: 'any', label: 'Free and paid' },
  { value: 'free', label: 'Free only' },
  { value: 'paid', label: 'Paid only' },
];

const RADIO = 'size-4 accent-indigo-600';
const OPTION = 'flex items-center gap-2.5 py-1 text-sm text-gray-800';

/** The Filters button and its panel: category, popular only, free or paid. */
export function TemplateFiltersButton({ filters, onChange }: TemplateFiltersButtonProps) {
  const name = useId();
  const active = activeFilterCount(filters);
  const set = (patch: Partial<TemplateFilters>) => onChange({ ...filters, ...patch });

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="h-12 px-4"
          aria-label={active > 0 ? `Filters, ${active} active` : 'Filters'}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 && (
            <span className="grid size-5 place-items-center rounded-full bg-indigo-600 text-xs text-white">{active}</span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Template filters" className="w-80">
        <div className="grid gap-5">
          <fieldset>
            <legend className="text-sm font-semibold text-gray-900">Category</legend>
            <div className="mt-2 grid">
              {(['all', ...TEMPLATE_CATEGORIES] as const).map((category) => (
                <label key={category} className={OPTION}>
                  <input
                    type="radio"
                    name={`${name}-category`}
                    className={RADIO}
                    checked={filters.category === category}
                    onChange={() => set({ category })}
                  />
                  {category === 'all' ? 'All categories' : category}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-gray-900">Price</legend>
            <div className="mt-2 grid">
              {PRICES.map((price) => (
                <label key={price.value} className={OPTION}>
                  <input
                    type="radio"
                    name={`${name}-price`}
                    className={RADIO}
                    checked={filters.price === price.value}
                    onChange={() => set({ price: price.value })}
                  />
                  {price.label}
                </label>
              ))}
            </div>
          </fieldset>
          <label className={OPTION}>
            <input
              type="checkbox"
              className="size-4 rounded accent-indigo-600"
              checked={filters.popularOnly}
              onChange={(event) => set({ popularOnly: event.target.checked })}
            />
            Popular templates only
          </label>
          <div className="flex justify-between gap-2 border-t border-gray-200 pt-4">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={active === 0}
              onClick={() => set({ category: 'all', popularOnly: false, price: 'any' })}
            >
              Reset filters
            </Button>
            <PopoverClose asChild>
              <Button type="button" size="sm">
                Done
              </Button>
            </PopoverClose>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
