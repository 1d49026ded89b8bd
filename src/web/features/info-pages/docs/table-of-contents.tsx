import { useId } from 'react';
import { cn } from '@/web/lib/cn';
import type { Heading } from './articles';

/** "On this page": links to the article's h2 and h3 anchors. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const labelId = useId();
  if (headings.length === 0) return null;
  return (
    <nav aria-labelledby={labelId} className="rounded-2xl border border-gray-200 p-5 lg:border-0 lg:p-0">
      <h2 id={labelId} className="text-sm font-semibold tracking-wide text-gray-900 uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-2 border-l border-gray-200 text-sm">
        {headings.map((heading) => (
          <li key={heading.id} className={cn(heading.depth === 3 ? 'pl-7' : 'pl-4')}>
            <a href={`#${heading.id}`} className="block text-gray-700 underline-offset-4 hover:text-indigo-700 hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
