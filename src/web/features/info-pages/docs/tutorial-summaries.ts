import type { TutorialSlug } from '@/domain/docs';

/** One line per tutorial for the cards on /docs and /tutorials (the walkthroughs are Markdown). */
export const TUTORIAL_SUMMARIES: Record<TutorialSlug, string> = {
  'getting-started': 'Sign up, tour the dashboard and publish a page from a template.',
  'first-form': 'Plan, build, preview and publish a lead magnet page from a blank form.',
  'advanced-customization': 'Payments, double opt-in, consent, tracking pixels and reading your analytics.',
};
