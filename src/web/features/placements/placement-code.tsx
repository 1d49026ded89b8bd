import { type PlacementDisplay, type PlacementTrigger, placementCspLines, placementSnippet } from '@/domain/placements';
import { CodeBox } from './code-box';
import { clickCode, showsClickCode, siteCode } from './site-code';

type PlacementCodeProps = {
  publicOrigin: string;
  id: string;
  display: PlacementDisplay;
  trigger: PlacementTrigger;
};

/** The snippet, the lines for the site's own code, and the CSP lines of a saved placement. */
export function PlacementCode({ publicOrigin, id, display, trigger }: PlacementCodeProps) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="placement-snippet-heading" className="grid gap-2">
        <h3 id="placement-snippet-heading" className="font-semibold text-gray-900">
          The snippet
        </h3>
        <p className="text-sm text-gray-700">
          {display === 'inline'
            ? 'Paste it into your site’s HTML where the form should appear: the element keeps its space so your page does not jump when the form arrives.'
            : 'Paste it once into your site’s HTML, before </body>, on every page where it may show (a shared footer is a good place).'}
        </p>
        <CodeBox
          id="placement-snippet"
          label="Snippet"
          code={placementSnippet(publicOrigin, id, display)}
          copiedMessage="Snippet copied"
        />
      </section>

      <section aria-labelledby="placement-site-code-heading" className="grid gap-2">
        <h3 id="placement-site-code-heading" className="font-semibold text-gray-900">
          For your site’s own code
        </h3>
        <p className="text-sm text-gray-700">
          Your code can open it with <code className="font-mono text-xs">lodestone(&apos;open&apos;, …)</code>. To keep a visitor
          who closed it or signed up from seeing it again, the script remembers them in the visitor’s browser storage, but only
          after your site says the visitor consented with{' '}
          <code className="font-mono text-xs">lodestone(&apos;consent&apos;, true)</code> (from your consent banner). Until then,
          it remembers them for the page view alone. It never sets cookies.
        </p>
        <CodeBox id="placement-site-code" label="Script" code={siteCode(id)} copiedMessage="Code copied" />
        {showsClickCode(display, trigger) && (
          <>
            <p className="text-sm text-gray-700">Any link or button with this attribute opens it:</p>
            <CodeBox id="placement-click-code" label="Link that opens it" code={clickCode(id)} copiedMessage="Link copied" />
          </>
        )}
      </section>

      <section aria-labelledby="placement-csp-heading" className="grid gap-2">
        <h3 id="placement-csp-heading" className="font-semibold text-gray-900">
          Content-Security-Policy
        </h3>
        <p className="text-sm text-gray-700">
          If your site sends a Content-Security-Policy, add these. Add each source to the directive of the same name in your
          policy.
        </p>
        <CodeBox
          id="placement-csp"
          label="CSP lines"
          code={placementCspLines(publicOrigin, display).join('\n')}
          copiedMessage="CSP lines copied"
        />
      </section>
    </div>
  );
}
