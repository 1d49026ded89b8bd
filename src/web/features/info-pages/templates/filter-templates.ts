import type { Template, TemplateCategory } from '@/domain/templates';

export type PriceFilter = 'any' | 'free' | 'paid';

export interface TemplateFilters {
  /** 'all' or one category (the tabs and the Filters panel share it). */
  category: 'all' | TemplateCategory;
  /** Matched against title and description, case-insensitive, every word. */
  query: string;
  popularOnly: boolean;
  price: PriceFilter;
}

export const NO_FILTERS: TemplateFilters = { category: 'all', query: '', popularOnly: false, price: 'any' };

/** A paid template's starter page asks for payment (fixed price or pay what you want). */
export const isPaidTemplate = (template: Template) => template.config.payment.enabled;

/** How many of the Filters panel's settings differ from the defaults (the search box is not one). */
export function activeFilterCount(filters: TemplateFilters): number {
  return [filters.category !== 'all', filters.popularOnly, filters.price !== 'any'].filter(Boolean).length;
}

export function filterTemplates(templates: readonly Template[], filters: TemplateFilters): Template[] {
  const words = filters.query.toLowerCase().split(/\s+/).filter(Boolean);
  return templates.filter((template) => {
    if (filters.category !== 'all' && template.category !== filters.category) return false;
    if (filters.popularOnly && !template.popular) return false;
    if (filters.price === 'paid' && !isPaidTemplate(template)) return false;
    if (filters.price === 'free' && isPaidTemplate(template)) return false;
    const text = `${template.title} ${template.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
