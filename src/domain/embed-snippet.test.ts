import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';
import { ENGLISH_CATALOGUE } from './i18n/english';
import de from './i18n/messages/de.json';
import { translator } from './i18n/translate';

describe('the embed snippet', () => {
  it('frames the page, loads embed.js from the public origin and links the page for sites without script', () => {
    expect(embedSnippet({ publicUrl: 'http://127.0.0.1:3000/f/AbC123', title: 'The Playbook' })).toBe(
      [
        '<iframe src="http://127.0.0.1:3000/f/AbC123" title="The Playbook" data-lodestone style="width:100%;border:0;min-height:640px" loading="lazy"><a href="http://127.0.0.1:3000/f/AbC123">The Playbook</a></iframe>',
        '<script src="http://127.0.0.1:3000/embed.js" async></script>',
        '<noscript><a href="http://127.0.0.1:3000/f/AbC123" target="_blank" rel="noopener">Open “The Playbook” in a new tab</a></noscript>',
      ].join('\n'),
    );
  });

  it("keeps the owner's title text", () => {
    const snippet = embedSnippet({ publicUrl: 'https://pages.example.net/f/x', title: '"Free" <guide> & more' });
    expect(snippet).toContain('title="&quot;Free&quot; &lt;guide&gt; &amp; more"');
    expect(snippet).not.toContain('<guide>');
    expect(embedSnippet({ publicUrl: 'https://pages.example.net/f/x', title: '  ' })).toContain('title="Sign up"');
  });

  it('speaks the page’s language in the frame’s title and the link for sites without script', () => {
    const t = translator('de', de, ENGLISH_CATALOGUE);
    const snippet = embedSnippet({ publicUrl: 'https://pages.example.net/f/x', title: '', t });
    expect(snippet).toContain(`title="${de['embed.frameTitleFallback']}"`);
    expect(snippet).toContain(`>${de['embed.noscript'].replace('{title}', de['embed.frameTitleFallback'])}</a></noscript>`);
    expect(snippet).not.toContain('in a new tab');
  });
});
