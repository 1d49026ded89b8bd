import Markdown, { type Components } from 'react-markdown';
import { richTextFits, safeLink } from '@/domain/rich-text';

/**
 * An owner's rich text (the description, a section's words) as a visitor sees it: Markdown of which
 * only bold, italic, links, lists and line breaks become elements (decision 0077). react-markdown
 * builds React elements from its syntax tree and never markup from the text: raw HTML is dropped,
 * any other element (a heading, an image, code) is replaced by its text, and a link keeps its
 * address only when it is http(s) or mailto. The same on the server and in the creator's preview.
 */

const ALLOWED = ['p', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br'];

const components: Components = {
  a: ({ href, children }) => {
    const link = href ? safeLink(href) : null;
    if (!link) return <>{children}</>;
    return (
      <a href={link} rel="noopener" target={link.startsWith('mailto:') ? undefined : '_blank'}>
        {children}
      </a>
    );
  },
};

export function RichText({ source, className }: { source: string; className?: string }) {
  if (source.trim() === '') return null;
  const classes = className ? `ls-rich ${className}` : 'ls-rich';
  // Nested past what any page needs (richTextFits): the words as they were typed, one paragraph.
  if (!richTextFits(source))
    return (
      <div className={classes}>
        <p>{source}</p>
      </div>
    );
  return (
    <div className={classes}>
      <Markdown
        allowedElements={ALLOWED}
        unwrapDisallowed
        skipHtml
        urlTransform={(url) => safeLink(url) ?? ''}
        components={components}
      >
        {source}
      </Markdown>
    </div>
  );
}
