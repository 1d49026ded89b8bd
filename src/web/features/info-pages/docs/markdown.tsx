import { ExternalLink } from 'lucide-react';
import { Children, isValidElement, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from '@/web/lib/router';
import remarkGfm from 'remark-gfm';
import { headingId } from './articles';

/** The text of rendered children, as the reader sees it (for heading anchors). */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

const components: Components = {
  // The page's h1 is the article title: a Markdown h1 would be a second one.
  h1: ({ children }) => <h2 id={headingId(textOf(children))}>{children}</h2>,
  h2: ({ children }) => <h2 id={headingId(textOf(children))}>{children}</h2>,
  h3: ({ children }) => <h3 id={headingId(textOf(children))}>{children}</h3>,
  a: ({ href = '', children }) => {
    if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
    if (href.startsWith('#') || href.startsWith('mailto:')) return <a href={href}>{children}</a>;
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3.5 align-baseline" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  },
  // Long code lines scroll inside the block, which is focusable for keyboard scrolling as tables are.
  pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
  // Wide tables scroll inside the column instead of widening the page; the region is focusable for keyboard scrolling.
  table: ({ children }) => (
    <div className="overflow-x-auto" role="region" aria-label="Table" tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
};

const ARTICLE_STYLES = [
  'text-base leading-7 text-gray-700',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-gray-900',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-indigo-900',
  '[&_strong]:font-semibold [&_strong]:text-gray-900',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li>ul]:mt-2 [&_li>ol]:mt-2',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-gray-100 [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em] [&_:not(pre)>code]:text-gray-900 [&_:not(pre)>code]:wrap-anywhere',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-950 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-gray-100',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-indigo-200 [&_blockquote]:bg-indigo-50 [&_blockquote]:px-4 [&_blockquote]:py-3 [&_blockquote]:text-indigo-950',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-gray-300 [&_th]:bg-gray-50 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-gray-900',
  '[&_td]:border-b [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top',
  '[&_hr]:my-10 [&_hr]:border-gray-200',
].join(' ');

/** An article's Markdown (GitHub-flavoured: tables, task lists, autolinks) as styled HTML. */
export function MarkdownArticle({ body }: { body: string }) {
  return (
    <div className={ARTICLE_STYLES}>
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {body}
      </Markdown>
    </div>
  );
}
