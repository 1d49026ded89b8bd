import { Link } from '@/web/lib/router';
import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { ContactUs, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function CcpaPage() {
  return (
    <InfoPageLayout
      title="CCPA Compliance"
      description="How Lodestone supports your obligations under the California Consumer Privacy Act, as amended by the CPRA."
    >
      <Prose>
        <p>
          Under the California Consumer Privacy Act (CCPA, as amended by the CPRA), you are the <strong>business</strong> that
          collects California consumers&apos; personal information through your landing pages, and Lodestone is your{' '}
          <strong>service provider</strong>. Our <Link to={AGREEMENTS.ccpa.path}>{AGREEMENTS.ccpa.title}</Link> contains the
          contract terms the CCPA requires of a service provider, and applies to every customer automatically.
        </p>

        <h2>What we do, and do not do, with consumers&apos; information</h2>
        <ul>
          <li>
            We process it only to provide Lodestone to you: publishing your pages, storing leads and their consent, sending the
            verification and delivery emails, counting views and taking payments through your own Stripe or PayPal account.
          </li>
          <li>
            We do <strong>not sell</strong> it and do <strong>not share</strong> it for cross-context behavioural advertising.
          </li>
          <li>
            We do not use it for our own purposes, and do not combine it with personal information from other customers or other
            sources.
          </li>
          <li>
            Tracking pixels are your choice: if you add a Meta or Google pixel, it loads only after the visitor accepts it, and
            whether that use is a &ldquo;sale&rdquo; or &ldquo;sharing&rdquo; under the CCPA is for you to assess and disclose.
          </li>
        </ul>

        <h2>Consumer requests</h2>
        <p>
          California consumers may ask to know what personal information a business holds about them, to correct it, to delete it,
          and to limit or opt out of its sale or sharing; they may not be discriminated against for doing so. We help you answer
          within the CCPA&apos;s 45 days: on <Link to="/dashboard/privacy">Privacy &amp; data</Link>, enter the consumer&apos;s
          email address to download everything your workspace holds about them as one JSON file (the right to know), or to delete
          it from all your pages (the right to delete). Deletion removes their leads, answers, consent records, queued emails and
          the rate-limit counters of their address; payment records required for tax are kept without their identity. Each request
          is logged with a downloadable receipt, on every plan. A consumer who writes to us directly is referred to you, and we
          tell you about the request; for anything else, use <ContactUs />.
        </p>

        <h2>Categories of personal information we process for you</h2>
        <ul>
          <li>Identifiers: email address, and name, phone number or other details if your form asks for them.</li>
          <li>Commercial information: payments on paid pages (amount, currency, status).</li>
          <li>
            Internet activity: the referring page and campaign parameters of a sign-up; keyed hashes of IP address and user agent
            in consent records.
          </li>
        </ul>

        <h2>Sub-processors</h2>
        <SubProcessorTable />

        <p>
          Read the full <Link to={AGREEMENTS.ccpa.path}>{AGREEMENTS.ccpa.title}</Link> and our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
