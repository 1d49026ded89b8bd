import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import { useMemo } from 'react';
import type { OpenApiDocument } from './openapi-source';

// Scalar's look, in the site's fonts and indigo: its own fonts come from a CDN, which the Content
// Security Policy (and an offline install) would refuse.
const customCss = `
.scalar-app {
  --scalar-font: ui-sans-serif, system-ui, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji';
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, monospace;
}
.scalar-app.light-mode, .light-mode .scalar-app {
  --scalar-color-accent: #4338ca;
  --scalar-background-accent: #eef2ff;
}
`;

/**
 * The interactive reference (Scalar). Loaded on its own (React.lazy) so that its Vue app and styles
 * stay out of the main bundle. Everything it could fetch from elsewhere is switched off: default
 * fonts, telemetry, the "Ask AI" agent and the developer toolbar (both on by default on localhost).
 */
export default function ScalarReference({ document }: { document: OpenApiDocument }) {
  const configuration = useMemo(
    () => ({
      content: document,
      layout: 'classic' as const,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      showDeveloperTools: 'never' as const,
      forceDarkModeState: 'light' as const,
      hideDarkModeToggle: true,
      documentDownloadType: 'none' as const,
      persistAuth: false,
      // Every tag open: each operation shows its method and path at a glance (and for the browser's find).
      defaultOpenAllTags: true,
      customCss,
    }),
    [document],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
