import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/web/app/app';
import { firstScreenLoaded } from '@/web/app/router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first screen is a lazy chunk (preloaded by the document): render once it is there, so the
// page paints whole instead of a loading state that the screen then pushes down.
void firstScreenLoaded().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
