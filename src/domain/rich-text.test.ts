import { describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX_DEPTH, richTextFits, richTextPlain, safeLink } from './rich-text';

describe('rich text', () => {
  it('lets visitors follow only web and mail links', () => {
    expect(safeLink('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(safeLink('mailto:ann@example.com')).toBe('mailto:ann@example.com');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,<script>',
      '/relative',
      '//evil.example',
      'vbscript:x',
    ])
      expect(safeLink(bad)).toBeNull();
  });

  it('gives the words without the Markdown, blocks apart, raw HTML left out, cut to a length', () => {
    expect(richTextPlain('**Ten** _ideas_.\n\n- one\n- two\n\n<script>alert(1)</script>')).toBe('Ten ideas. one two');
    expect(richTextPlain('word '.repeat(100), 20)).toBe('word word word word…');
  });

  it('shows Markdown nested by the thousand as its text, instead of exhausting the stack', () => {
    expect(richTextFits('- one\n  - two\n    - three **bold**\n\n> a quote')).toBe(true);
    for (const deep of [
      '>'.repeat(5000) + ' x',
      '- '.repeat(2500) + 'x',
      '1. '.repeat(1600) + 'x',
      '> * '.repeat(1200) + 'x',
      '>'.repeat(RICH_TEXT_MAX_DEPTH) + ' x',
    ]) {
      expect(richTextFits(deep)).toBe(false);
      expect(richTextPlain(deep, 20)).toBe(deep.replace(/\s+/g, ' ').slice(0, 19) + '…');
    }
  });
});
