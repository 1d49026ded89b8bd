/** What the page creator hands the dashboard (navigation state) after publishing. */
export type PublishedPage = { id: string; name: string; publicUrl: string };

/** Navigation state with a just-published page, or null. */
export function publishedFromState(state: unknown): PublishedPage | null {
  if (typeof state !== 'object' || state === null || !('published' in state)) return null;
  const published = (state as { published: unknown }).published as Partial<PublishedPage> | null;
  if (typeof published?.id !== 'string' || typeof published.name !== 'string' || typeof published.publicUrl !== 'string')
    return null;
  return { id: published.id, name: published.name, publicUrl: published.publicUrl };
}
