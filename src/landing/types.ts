import type { FormConfig } from '../domain/form-config';

/**
 * Props of <LandingPage>, the visitor's page. The SAME component renders the SPA preview and, on
 * the server through react-dom/server, the published page: it reads no browser globals while
 * rendering and works as a plain HTML form without JavaScript.
 */
export interface LandingPageProps {
  config: FormConfig;
  /** Where the form posts (the published page: `/f/{id}`). Omitted in previews. */
  action?: string;
  /** In a preview nothing is stored: submitting shows the thank-you state locally. */
  mode: 'preview' | 'live';
  /** 'form' (default), or the thank-you state after a submission. */
  state?: 'form' | 'submitted';
  /** Errors from the server per field id (live pages re-render with them). */
  errors?: Record<string, string>;
  /** Values to refill after a failed submission (live pages). */
  values?: Record<string, string>;
  /** Link to the lead magnet, shown in the thank-you state when double opt-in is off. */
  downloadUrl?: string;
}
