const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-gray-100 px-1 font-mono text-[0.8125rem] text-gray-800">{children}</code>
);

/**
 * Said under every input whose words the page shows as rich text (the description, the sections'
 * texts): which Markdown it reads (landing/rich-text.tsx: bold, italic, links and lists, nothing else).
 */
export const RICH_TEXT_HINT = (
  <>
    Formatting works: <Code>**bold**</Code>, <Code>*italic*</Code>, <Code>[links](https://…)</Code> and lists (start each line
    with <Code>- </Code>).
  </>
);
