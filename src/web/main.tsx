import { startTransition, StrictMode } from 'react';
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
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the page in one long task that a tap would wait on (decision 0111); the router catches
// up with a Back or Forward pressed meanwhile.
const render = () => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
const screen = loadScreen(routeAt(window.location.pathname));
const session = container.hasChildNodes() ? import('@/web/lib/session').then((m) => m.sessionRead()) : null;
Promise.all([screen, session]).then(render, render);
