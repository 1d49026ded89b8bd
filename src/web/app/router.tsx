import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { APP_ROUTE_PATTERNS, APP_ROUTES, type AppRoute, type AppRoutePattern } from '@/domain/routes';
import { RootLayout } from '@/web/app/root-layout';
import { RouteError } from '@/web/app/route-error';
import { Spinner } from '@/web/components/ui/spinner';
import { ForgotPasswordPage, ResetPasswordPage, SignInPage, SignUpPage } from '@/web/features/auth';
import { DashboardPage } from '@/web/features/dashboard';
import { HomePage } from '@/web/features/home';
import { ContactPage } from '@/web/features/contact';
import {
  CcpaAddendumPage,
  CcpaPage,
  DpaPage,
  DocsPage,
  FeaturesPage,
  GdprPage,
  HelpPage,
  PdpaAgreementPage,
  PdpaPage,
  PricingPage,
  PrivacyPage,
  TemplatesPage,
  TermsPage,
  TutorialsPage,
} from '@/web/features/info-pages';
import { NotFoundPage } from '@/web/features/not-found';
import { PageCreatorPage } from '@/web/features/page-creator';
import { PaymentSettingsPage } from '@/web/features/payments';
import { PreviewPage } from '@/web/features/preview';
import { WorkspacePrivacyPage } from '@/web/features/workspace-privacy';
import { ThankYouPage } from '@/web/features/thank-you';

// Typed by AppRoute so that a route added to the shared table cannot be forgotten here.
const screens: Record<AppRoute, ComponentType> = {
  '/': HomePage,
  '/dashboard': DashboardPage,
  '/page-creator': PageCreatorPage,
  '/preview': PreviewPage,
  '/thank-you': ThankYouPage,
  '/features': FeaturesPage,
  '/pricing': PricingPage,
  '/help': HelpPage,
  '/docs': DocsPage,
  '/templates': TemplatesPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/gdpr': GdprPage,
  '/ccpa': CcpaPage,
  '/pdpa': PdpaPage,
  '/dpa': DpaPage,
  '/ccpa-addendum': CcpaAddendumPage,
  '/pdpa-agreement': PdpaAgreementPage,
  '/contact': ContactPage,
  '/sign-in': SignInPage,
  '/sign-up': SignUpPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/settings/payments': PaymentSettingsPage,
  '/dashboard/privacy': WorkspacePrivacyPage,
  '/tutorials': TutorialsPage,
};

// Screens loaded on first visit, so what they need (recharts) stays out of the main bundle.
type LazyScreen = () => Promise<{ Component: ComponentType }>;
const lazyScreens: Record<AppRoutePattern, LazyScreen> = {
  '/dashboard/forms/:id': () =>
    import('@/web/features/dashboard/form-analytics-page').then((m) => ({ Component: m.FormAnalyticsPage })),
  '/dashboard/leads': () => import('@/web/features/leads/leads-page').then((m) => ({ Component: m.LeadsPage })),
  '/dashboard/leads/:id': () => import('@/web/features/leads/lead-detail-page').then((m) => ({ Component: m.LeadDetailPage })),
  '/settings/integrations': () =>
    import('@/web/features/integrations/integrations-page').then((m) => ({ Component: m.IntegrationsPage })),
  '/docs/:slug': () => import('@/web/features/info-pages/docs/article-page').then((m) => ({ Component: m.DocArticlePage })),
  '/tutorials/:slug': () =>
    import('@/web/features/info-pages/docs/article-page').then((m) => ({ Component: m.TutorialArticlePage })),
  '/template-preview/:slug': () =>
    import('@/web/features/info-pages/templates/template-preview-page').then((m) => ({ Component: m.TemplatePreviewPage })),
};

/** Shown under the header while a lazy screen loads on a first visit straight to it. */
function ScreenLoading() {
  return (
    <div role="status" className="flex flex-1 items-center justify-center gap-2 py-24 text-gray-700">
      <Spinner className="size-5 text-indigo-600" />
      Loading...
    </div>
  );
}

const appRoutes: RouteObject[] = [
  ...APP_ROUTES.map((path) => {
    const Screen = screens[path];
    return { path, element: <Screen /> };
  }),
  ...(Object.keys(APP_ROUTE_PATTERNS) as AppRoutePattern[]).map((path): RouteObject => ({
    path,
    lazy: lazyScreens[path],
    hydrateFallbackElement: <ScreenLoading />,
  })),
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [...appRoutes, { path: '*', element: <NotFoundPage /> }],
  },
]);
