import { Link } from '@/web/lib/router';
import { AGREEMENTS, TERMS_NOTICE_DAYS } from '@/domain/legal';
import { formatPlanPrice, PLANS } from '@/domain/plans';
import { InfoPageLayout } from './info-page-layout';
import { ContactUs } from './legal-parts';
import { LastUpdated, Prose } from './prose';

/** The day this text (with the tables it shows from src/domain/legal.ts) last changed: change it with the text. */
export const TERMS_CHANGED_ON = '2026-11-22';

export function TermsPage() {
  const { free, pro, business } = PLANS;
  return (
    <InfoPageLayout title="Terms of Service" description="The agreement between you and Lodestone when you use our service.">
      <Prose>
        <LastUpdated changedOn={TERMS_CHANGED_ON} />
        <p>
          These terms are the agreement between you, the customer, and Lodestone for the use of the Lodestone service: the app
          where you build and manage landing pages, and the published pages your visitors see. By creating an account you accept
          them. If you accept them for a company, you confirm you may bind it.
        </p>

        <h2>1. Your account</h2>
        <p>
          Give accurate details, keep your password to yourself and tell us at once if you think someone else has used your
          account. You are responsible for what happens in your workspace, including what its team members do.
        </p>

        <h2>2. Plans, limits and billing</h2>
        <p>
          The Free plan costs {formatPlanPrice(free)} and includes {free.formLimit} forms and {free.monthlySubmissionLimit}{' '}
          confirmed sign-ups a month. Pro ({formatPlanPrice(pro)} a month) and Business ({formatPlanPrice(business)} a month)
          include what the <Link to="/pricing">Pricing</Link> page lists. When a workspace reaches its monthly sign-ups, its pages
          stop taking new sign-ups until the first day of the next month (UTC); people who already signed up still receive the
          file. We email you at 80% and at 100% of the limit.
        </p>
        <p>
          Paid plans are billed monthly in advance, month to month with no contract. Plan changes apply at the next billing cycle.
          If a paid plan is not for you, ask for a refund within 14 days of your first payment for it and we will refund it in
          full.
        </p>

        <h2>3. Your content and your leads</h2>
        <p>
          You keep all rights to your pages, files and leads. You give us the permission we need to host, store, copy and deliver
          them, only to run the service for you. You confirm that you may distribute every file you upload and that your pages do
          not infringe anyone&apos;s rights.
        </p>
        <p>
          You are the controller of the personal data your pages collect. You are responsible for having a lawful basis for
          collecting it, for the wording of your consent and for your own privacy policy, and for answering your visitors&apos;
          requests. We process that data only for you, as set out in our{' '}
          <Link to={AGREEMENTS.gdpr.path}>{AGREEMENTS.gdpr.title}</Link>,{' '}
          <Link to={AGREEMENTS.ccpa.path}>{AGREEMENTS.ccpa.title}</Link> and{' '}
          <Link to={AGREEMENTS.pdpa.path}>{AGREEMENTS.pdpa.title}</Link>, which form part of these terms.
        </p>

        <h2>4. Acceptable use</h2>
        <p>Do not use Lodestone to:</p>
        <ul>
          <li>send spam or collect addresses without a lawful basis;</li>
          <li>distribute malware, phishing pages, or content that is unlawful, deceptive or infringes others&apos; rights;</li>
          <li>get around the limits of your plan, our rate limits or our security measures;</li>
          <li>probe, overload or attack the service, or access other customers&apos; data.</li>
        </ul>

        <h2>5. Payments from your visitors</h2>
        <p>
          Paid pages take payments through your own Stripe or PayPal account, under your agreement with that provider. The sale is
          between you and your visitor: you set the price, handle taxes, and decide on refunds in your provider&apos;s dashboard.
          Lodestone delivers the file only after the provider confirms the payment, and withdraws the download when a payment is
          refunded.
        </p>

        <h2>6. The service</h2>
        <p>
          We work to keep Lodestone available and secure, but we provide it &ldquo;as is&rdquo;: we do not promise it will be
          uninterrupted or error-free. Features marked &ldquo;coming soon&rdquo; are plans, not commitments. We may change or stop
          features; if we remove something you pay for, we will tell you in advance.
        </p>

        <h2>7. Suspension and ending the agreement</h2>
        <p>
          You may stop using Lodestone and ask us to close your account at any time. We may suspend or close an account that
          breaks these terms, after warning you where we reasonably can. When an account is closed, its pages stop being published
          and its data is deleted as the <Link to="/privacy">Privacy Policy</Link> describes.
        </p>

        <h2>8. Liability</h2>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits or lost
          leads, and our total liability in any twelve months is limited to what you paid us in those twelve months. Nothing in
          these terms limits liability that cannot be limited by law.
        </p>

        <h2>9. Changes to these terms</h2>
        <p>
          We may update these terms from time to time. We will give you at least {TERMS_NOTICE_DAYS} days&apos; notice by email
          before any material change takes effect, and the date at the top of this page shows the latest version. If you do not
          agree with a change, you may close your account before it takes effect.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms: use <ContactUs topic="general" />.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
