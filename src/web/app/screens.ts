import type { AppRoute, AppRoutePattern } from '@/domain/routes';

/**
 * Where each screen of the router lives: its module (relative to src/web, a `*-page.tsx`) and the
 * component it exports. Every screen is a chunk of its own, loaded by the router when first shown
 * (router.tsx), so a page downloads only what it uses. The build (vite.config.ts) reads this table
 * too, to list per route the chunks its screen needs; the server names them in the document as
 * modulepreload links, so they download beside the entry instead of after it.
 * Data only (no imports but types): vite.config.ts loads it.
 */
export interface Screen {
  module: `features/${string}-page.tsx`;
  component: string;
  /**
   * A static screen renders without the query client and the toaster (ScreenProviders), so it
   * downloads neither: for marketing screens that fetch nothing and toast nothing.
   */
  static?: true;
}

/** The module the router loads beside every screen that is not static (relative to src/web). */
export const SCREEN_PROVIDERS_MODULE = 'app/screen-providers.tsx';

/** The header's account area, loaded when a session may exist (relative to src/web). */
export const ACCOUNT_AREA_MODULE = 'app/account-area.tsx';

/** `*` is the not-found screen, for any path outside the route table. */
export type ScreenRoute = AppRoute | AppRoutePattern | '*';

export const SCREENS = {
  '/': { module: 'features/home/home-page.tsx', component: 'HomePage', static: true },
  '/dashboard': { module: 'features/dashboard/dashboard-page.tsx', component: 'DashboardPage' },
  '/page-creator': { module: 'features/page-creator/page-creator-page.tsx', component: 'PageCreatorPage' },
  '/preview': { module: 'features/preview/preview-page.tsx', component: 'PreviewPage' },
  '/thank-you': { module: 'features/thank-you/thank-you-page.tsx', component: 'ThankYouPage' },
  '/features': { module: 'features/info-pages/features-page.tsx', component: 'FeaturesPage', static: true },
  '/pricing': { module: 'features/info-pages/pricing-page.tsx', component: 'PricingPage', static: true },
  '/help': { module: 'features/info-pages/help-page.tsx', component: 'HelpPage' },
  '/docs': { module: 'features/info-pages/docs-page.tsx', component: 'DocsPage' },
  '/templates': { module: 'features/info-pages/templates-page.tsx', component: 'TemplatesPage' },
  '/privacy': { module: 'features/info-pages/privacy-page.tsx', component: 'PrivacyPage' },
  '/terms': { module: 'features/info-pages/terms-page.tsx', component: 'TermsPage' },
  '/gdpr': { module: 'features/info-pages/gdpr-page.tsx', component: 'GdprPage' },
  '/ccpa': { module: 'features/info-pages/ccpa-page.tsx', component: 'CcpaPage' },
  '/pdpa': { module: 'features/info-pages/pdpa-page.tsx', component: 'PdpaPage' },
  '/dpa': { module: 'features/info-pages/dpa-page.tsx', component: 'DpaPage' },
  '/ccpa-addendum': { module: 'features/info-pages/ccpa-addendum-page.tsx', component: 'CcpaAddendumPage' },
  '/pdpa-agreement': { module: 'features/info-pages/pdpa-agreement-page.tsx', component: 'PdpaAgreementPage' },
  '/contact': { module: 'features/contact/contact-page.tsx', component: 'ContactPage' },
  '/sign-in': { module: 'features/auth/sign-in-page.tsx', component: 'SignInPage' },
  '/sign-up': { module: 'features/auth/sign-up-page.tsx', component: 'SignUpPage' },
  '/forgot-password': { module: 'features/auth/forgot-password-page.tsx', component: 'ForgotPasswordPage' },
  '/reset-password': { module: 'features/auth/reset-password-page.tsx', component: 'ResetPasswordPage' },
  '/settings/payments': { module: 'features/payments/payment-settings-page.tsx', component: 'PaymentSettingsPage' },
  '/settings/team': { module: 'features/team/team-page.tsx', component: 'TeamPage' },
  '/settings/billing': { module: 'features/billing/billing-page.tsx', component: 'BillingPage' },
  '/settings/account': { module: 'features/account/account-page.tsx', component: 'AccountPage' },
  '/settings/domains': { module: 'features/custom-domains/domains-page.tsx', component: 'DomainsPage' },
  '/dashboard/privacy': { module: 'features/workspace-privacy/workspace-privacy-page.tsx', component: 'WorkspacePrivacyPage' },
  '/tutorials': { module: 'features/info-pages/tutorials-page.tsx', component: 'TutorialsPage' },
  '/dashboard/forms/:id': { module: 'features/dashboard/form-analytics-page.tsx', component: 'FormAnalyticsPage' },
  '/dashboard/forms/:id/site': { module: 'features/placements/placements-page.tsx', component: 'PlacementsPage' },
  '/dashboard/leads': { module: 'features/leads/leads-page.tsx', component: 'LeadsPage' },
  '/dashboard/leads/:id': { module: 'features/leads/lead-detail-page.tsx', component: 'LeadDetailPage' },
  '/settings/integrations': { module: 'features/integrations/integrations-page.tsx', component: 'IntegrationsPage' },
  '/invite/:token': { module: 'features/team/invite-page.tsx', component: 'InvitePage' },
  '/docs/:slug': { module: 'features/info-pages/docs/article-page.tsx', component: 'DocArticlePage' },
  '/tutorials/:slug': { module: 'features/info-pages/docs/article-page.tsx', component: 'TutorialArticlePage' },
  '/template-preview/:slug': {
    module: 'features/info-pages/templates/template-preview-page.tsx',
    component: 'TemplatePreviewPage',
  },
  '*': { module: 'features/not-found/not-found-page.tsx', component: 'NotFoundPage', static: true },
} as const satisfies Record<ScreenRoute, Screen>;
