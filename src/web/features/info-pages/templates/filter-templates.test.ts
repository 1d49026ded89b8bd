import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@/domain/templates';
import { activeFilterCount, filterTemplates, NO_FILTERS } from './filter-templates';

const titles = (filters: Partial<typeof NO_FILTERS>) =>
  filterTemplates(TEMPLATES, { ...NO_FILTERS, ...filters }).map((t) => t.title);

describe('filterTemplates', () => {
  it('shows all twelve without filters', () => {
    expect(titles({})).toHaveLength(12);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('filters by category', () => {
    expect(titles({ category: 'Webinar' })).toEqual(['Webinar Registration', 'Live Workshop', 'Product Demo']);
  });

  it('searches title and description, case-insensitive, every word', () => {
    expect(titles({ query: 'EBOOK' })).toEqual(['Professional Ebook']);
    expect(titles({ query: 'b2b' })).toEqual(['Whitepaper Download']);
    expect(titles({ query: 'weekly digest' })).toEqual(['Weekly Updates']);
    expect(titles({ query: 'nothing like this' })).toEqual([]);
  });

  it('filters popular and paid or free templates, combined with the rest', () => {
    expect(titles({ popularOnly: true })).toEqual(['Professional Ebook']);
    expect(titles({ price: 'paid' })).toEqual(['Premium Content', 'Industry Report']);
    expect(titles({ price: 'free' })).toHaveLength(10);
    expect(titles({ price: 'paid', category: 'Lead Generation' })).toEqual(['Premium Content']);
    expect(activeFilterCount({ ...NO_FILTERS, price: 'paid', popularOnly: true })).toBe(2);
  });
});
