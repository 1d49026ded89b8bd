import { Link } from '@/web/lib/router';
import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { ContactUs, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function GdprPage() {
  return (
    <InfoPageLayout title="GDPR Compliance" description="How Lodestone helps you meet the EU General Data Protection Regulation.">
      <Prose>
        <p>
          Under the GDPR (and the UK GDPR), you are the <strong>controller</strong> of the leads your landing pages collect and
          Lodestone is your <strong>processor</strong>: we process visitors&apos; data only on your documented instructions, to
          run your pages, deliver your files and show you your results. Our{' '}
          <Link to={AGREEMENTS.gdpr.path}>{AGREEMENTS.gdpr.title}</Link> sets out these commitments as Article 28 requires, and
          applies to every customer automatically.
        </p>

        <h2>What Lodestone does for your compliance</h2>
        <ul>
          <li>
            <strong>Demonstrable consent (Art. 7).</strong> Turn on the consent checkbox and a visitor cannot submit without
            ticking it. We keep a record of each consent: the exact text shown, its version, the time, and keyed hashes of the IP
            address and browser user agent.
          </li>
          <li>
            <strong>Double opt-in.</strong> With it on, a lead counts as confirmed only after the visitor proves the address is
            theirs with a 6-digit code or a one-click link; nothing but that confirmation email goes out before.
          </li>
          <li>
            <strong>Data minimisation (Art. 5).</strong> The email address is the only required field; you add only the fields you
            need.
          </li>
          <li>
            <strong>Tracking only after consent (ePrivacy).</strong> Meta and Google pixels and your own scripts load only after
            the visitor clicks Accept in the page&apos;s consent notice; Decline loads nothing, and the choice can be changed
            later.
          </li>
          <li>
            <strong>Cookieless analytics.</strong> Views and unique visitors are counted without cookies or stored IP addresses.
          </li>
          <li>
            <strong>Security (Art. 32).</strong> Encryption in transit, pages isolated from your account on a separate origin,
            signed download links, hashed codes, rate limits and strict workspace separation.
          </li>
        </ul>

        <h2>Answering your visitors&apos; requests</h2>
        <p>
          Visitors who want to see, correct or delete their data will usually ask you, as the controller. On{' '}
          <Link to="/dashboard/privacy">Privacy &amp; data</Link> you enter their email address.{' '}
          <strong>Download their data</strong> gives one JSON file with everything your workspace holds about them on all your
          pages (Art. 15 and 20): leads, answers, consent records, payments and the emails sent to them. <strong>Erase</strong>{' '}
          removes all of it on every page (Art. 17), including the consent records, emails still waiting to be sent, copies of
          sent emails we hold and the rate-limit counters kept for the address; payment records required for tax are kept with the
          person&apos;s identity removed. A tombstone, a keyed hash of the address that never holds the address itself, proves the
          erasure. Each request is logged, with a receipt you can download, and both are available on every plan. For a correction
          you cannot make yourself, use <ContactUs />.
        </p>

        <h2>Sub-processors</h2>
        <p>
          We use the sub-processors below. We will tell customers by email at least 30 days before adding or replacing one, so
          that you can object.
        </p>
        <SubProcessorTable />

        <h2>International transfers</h2>
        <p>
          Where a sub-processor handles personal data outside the European Economic Area or the United Kingdom, the transfer
          relies on an adequacy decision or the European Commission&apos;s Standard Contractual Clauses.
        </p>

        <h2>Data breaches</h2>
        <p>
          If a personal data breach affects your data, we notify you without undue delay, and at the latest within 48 hours of
          becoming aware of it, with what you need to meet your own 72-hour duty to notify your supervisory authority.
        </p>

        <p>
          Read the full <Link to={AGREEMENTS.gdpr.path}>{AGREEMENTS.gdpr.title}</Link> and our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
