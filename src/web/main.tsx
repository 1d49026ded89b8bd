import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/web/app/app';
import { loadScreen, routeAt } from '@/web/app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first screen is a lazy chunk (preloaded by the document): render once it is there (or has
// failed to load, which the error screen shows), so the page paints whole instead of a loading
// state that the screen then pushes down. Where the server drew the screen's first frame (its
// header and heading, already in #root), the render waits for the session's read too (preloaded
// beside the chunks): it then replaces the frame with the screen, not with a spinner.
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
const screen = loadScreen(routeAt(window.location.pathname));
const session = container.hasChildNodes() ? import('@/web/lib/session').then((m) => m.sessionRead()) : null;
Promise.all([screen, session]).then(render, render);

// The owner's screens show counts and dates, and the first number or date format a page makes loads
// ICU's data for it (35–200 ms measured in Chromium on a 2-core machine; a phone is slower). Made
// now, while the screen's chunks download, that work overlaps the network instead of lengthening
// the screen's first render. The site's own pages format nothing and skip it.
if (/^\/(dashboard|settings)(\/|$)/.test(window.location.pathname)) {
  new Intl.NumberFormat().format(0);
  new Intl.DateTimeFormat().format(0);
}
