import { LayoutTemplate, SearchX } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from '@/web/lib/router';
import { TEMPLATE_CATEGORIES, TEMPLATES, type TemplateCategory } from '@/domain/templates';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { InfoPageLayout } from './info-page-layout';
import { SearchBox } from './search-box';
import { activeFilterCount, filterTemplates, NO_FILTERS, type TemplateFilters } from './templates/filter-templates';
import { TemplateCard } from './templates/template-card';
import { TemplateFiltersButton } from './templates/template-filters';

const TABS: Array<{ value: 'all' | TemplateCategory; label: string }> = [
  { value: 'all', label: 'All Templates' },
  ...TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: category })),
];

/** docs/product.md#templates: the twelve starter templates, with tabs, search and filters that really filter. */
export function TemplatesPage() {
  const [filters, setFilters] = useState<TemplateFilters>(NO_FILTERS);
  const searchId = useId();
  const shown = useMemo(() => filterTemplates(TEMPLATES, filters), [filters]);
  const filtered = filters.query.trim() !== '' || activeFilterCount(filters) > 0;

  return (
    <InfoPageLayout
      title="Templates"
      description="Start from a proven design for lead generation, ebook delivery, newsletters or webinars, then make it yours."
      wide
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          id={searchId}
          label="Search templates"
          value={filters.query}
          onChange={(event) => setFilters({ ...filters, query: event.target.value })}
          placeholder="Search templates..."
          className="flex-1"
          inputClassName="h-12"
        />
        <TemplateFiltersButton filters={filters} onChange={setFilters} />
      </div>

      <Tabs
        value={filters.category}
        onValueChange={(value) => setFilters({ ...filters, category: value as TemplateFilters['category'] })}
        className="mt-6"
      >
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList className="w-max">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="px-4">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <div className="mt-4 flex min-h-9 flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm text-gray-700">
            {shown.length === 1 ? 'Showing 1 template' : `Showing ${shown.length} templates`}
          </p>
          {filtered && shown.length > 0 && (
            <Button type="button" variant="link" size="sm" className="px-0" onClick={() => setFilters(NO_FILTERS)}>
              Clear search and filters
            </Button>
          )}
        </div>

        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <h2 className="sr-only">{tab.label}</h2>
            {shown.length > 0 ? (
              <ul aria-label="Templates" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((template) => (
                  <li key={template.slug}>
                    <TemplateCard template={template} />
                  </li>
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-6 py-16 text-center">
                <SearchX aria-hidden="true" className="size-10 text-gray-400" />
                <p className="mt-3 text-lg font-semibold text-gray-900">No templates match your search</p>
                <p className="mt-1 text-gray-700">Try other words, another category or fewer filters.</p>
                <Button type="button" variant="outline" className="mt-6" onClick={() => setFilters(NO_FILTERS)}>
                  Clear search and filters
                </Button>
              </div>
            )}
          </TabsContent>
        ))}
      </Tabs>

      <section
        aria-labelledby="request-template"
        className="mt-16 flex flex-col items-center gap-4 rounded-2xl border border-gray-200 bg-gray-50 px-6 py-10 text-center"
      >
        <LayoutTemplate aria-hidden="true" className="size-10 text-indigo-600" />
        <h2 id="request-template" className="text-2xl font-bold tracking-tight text-gray-900">
          Need a different template?
        </h2>
        <p className="max-w-xl text-gray-700">
          Tell us what you are giving away and who it is for, and we will consider it for our next templates. Or start from a
          blank page in the page creator.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/contact?topic=template" className={buttonVariants()}>
            Request a Template
          </Link>
          <Link to="/page-creator" className={buttonVariants({ variant: 'outline' })}>
            Start from scratch
          </Link>
        </div>
      </section>
    </InfoPageLayout>
  );
}
