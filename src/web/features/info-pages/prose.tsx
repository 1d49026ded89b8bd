import type { ReactNode } from 'react';

/** Body text styles for the static info and legal pages. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-5 text-base leading-7 text-gray-700 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-gray-900 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
      {children}
    </div>
  );
}

/**
 * The day the text last changed, kept beside the text (`YYYY-MM-DD`): whoever changes what a legal
 * page says changes its date in the same commit (docs/decisions/0058).
 */
export function LastUpdated({ changedOn }: { changedOn: string }) {
  const day = new Date(`${changedOn}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <p className="text-sm text-gray-600">
      Last updated: <time dateTime={changedOn}>{day}</time>
    </p>
  );
}
