/**
 * What the page creator hands the dashboard (navigation state) after publishing: which page. The
 * notice asks the page itself for its name, its link and whether it is still live.
 */
export type PublishedPage = { id: string };

/** Navigation state with a just-published page, or null. */
export function publishedFromState(state: unknown): PublishedPage | null {
  if (typeof state !== 'object' || state === null || !('published' in state)) return null;
  const published = (state as { published: unknown }).published as Partial<PublishedPage> | null;
  return typeof published?.id === 'string' ? { id: published.id } : null;
}
