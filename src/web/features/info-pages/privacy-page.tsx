import { Link } from '@/web/lib/router';
import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { ContactUs, RetentionTable, SecurityMeasures, SubProcessorTable } from './legal-parts';
import { LastUpdated, Prose } from './prose';

/** The day this text (with the tables it shows from src/domain/legal.ts) last changed: change it with the text. */
export const PRIVACY_POLICY_CHANGED_ON = '2026-11-28';

export function PrivacyPage() {
  return (
    <InfoPageLayout
      title="Privacy Policy"
      description="What personal data Lodestone processes, why, for how long, who helps us, and how to exercise your rights."
    >
      <Prose>
        <LastUpdated changedOn={PRIVACY_POLICY_CHANGED_ON} />
        <p>
          Lodestone is a service for building landing pages that give a file, such as a PDF guide, to visitors in exchange for
          their details. This policy explains what personal data the service processes and what you can do about it. It concerns
          two groups of people, and our role differs for each:
        </p>
        <ul>
          <li>
            <strong>Customers</strong> (page owners) who create an account. For their account data we are the{' '}
            <strong>controller</strong>: we decide why and how it is processed.
          </li>
          <li>
            <strong>Visitors</strong> who fill in a customer&apos;s landing page. For their data the customer is the controller,
            and we process it only on the customer&apos;s behalf and on their instructions: as a <strong>processor</strong> under
            the GDPR, a <strong>service provider</strong> under the CCPA and a <strong>data intermediary</strong> under
            Singapore&apos;s PDPA.
          </li>
        </ul>

        <h2>Data we process as controller</h2>
        <ul>
          <li>
            <strong>Account data:</strong> your name, email address and a salted hash of your password (never the password
            itself), and your workspace and plan.
          </li>
          <li>
            <strong>Sign-in sessions:</strong> a session token in a cookie, with the IP address and browser user agent of the
            session, to keep you signed in and to spot misuse.
          </li>
          <li>
            <strong>Your content:</strong> the landing pages you build and the files you upload.
          </li>
          <li>
            <strong>Payment settings:</strong> the Stripe or PayPal keys you connect, stored encrypted and only ever shown masked.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send through the <Link to="/contact">contact form</Link> (name, email
            address, topic, message and your consent to our storing it).
          </li>
          <li>
            <strong>Emails we send you:</strong> password resets and notices when your pages near or reach their monthly sign-ups.
          </li>
        </ul>
        <p>
          We use this data to provide and secure the service (performing our contract with you), to answer your messages (your
          consent and our legitimate interest in helping you), and to meet legal obligations. We do not sell it, use it for
          advertising or build profiles of you.
        </p>

        <h2>Data we process for our customers</h2>
        <p>When a visitor fills in a landing page, we store for the page&apos;s owner:</p>
        <ul>
          <li>the email address and the answers to the fields the owner added to the form;</li>
          <li>
            a <strong>consent record</strong> when the page asks for consent: the exact text agreed to, its version, the time, and
            keyed hashes of the IP address and browser user agent (proof of consent without keeping the address);
          </li>
          <li>whether the address was confirmed (double opt-in) and how often the file was downloaded;</li>
          <li>the campaign (UTM) parameters of the link and the referring page;</li>
          <li>
            on paid pages, the amount, currency, status and the payment provider&apos;s references; card and PayPal details are
            entered with Stripe or PayPal and never reach us.
          </li>
        </ul>
        <p>
          Page views are counted without cookies: a visitor is recognised for one day only, by a hash whose random key changes
          daily and is deleted two days later with the hashes; after that we keep only the daily totals. We send the visitor the
          emails the page needs (a verification code, a download link) and nothing else. Our own pages set no cookie of ours on
          visitors. If the owner adds tracking pixels (Meta, Google) or a script of their own, they load only after the visitor
          accepts them in the page&apos;s consent notice; those providers then act for the owner, not for us.
        </p>
        <p>
          Visitors: to exercise your rights over data you gave on a landing page, contact the business that runs that page. If you
          contact us instead, we will pass your request on to them and help them answer it.
        </p>

        <h2>Cookies</h2>
        <p>
          The Lodestone app uses one strictly necessary cookie, the session cookie, once you sign in. We use no analytics or
          advertising cookies. Published landing pages set no cookie of ours; a visitor&apos;s choice in a page&apos;s consent
          notice is kept in their browser&apos;s local storage for that page.
        </p>

        <h2>Who helps us: sub-processors</h2>
        <p>
          We share personal data only with the providers below, only as far as they need it to do their job for us, and under
          contracts that bind them to protect it. Stripe and PayPal are involved only when a customer connects their own account
          for paid pages.
        </p>
        <SubProcessorTable />
        <p>
          Where a provider processes personal data outside the European Economic Area, the United Kingdom or Singapore, we rely on
          safeguards recognised by the law that applies, such as the European Commission&apos;s Standard Contractual Clauses.
        </p>

        <h2>How long we keep data</h2>
        <RetentionTable />
        <p>
          Customers can delete a landing page at any time from the dashboard, which deletes its leads, consent records, analytics
          and payment records with it. When a visitor asks, a customer can download everything held about them, or erase them from
          all the customer&apos;s pages, on the Privacy &amp; data screen: the erasure removes their leads, answers, consent
          records, queued emails and rate-limit counters, keeps payment records required for tax without their identity, and
          leaves only a keyed hash of the address as proof that it happened.
        </p>

        <h2>How we protect data</h2>
        <SecurityMeasures />

        <h2>Your rights</h2>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>
            know what personal data we hold about you and get a copy of it, in a portable format where the law gives you that;
          </li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted, or its processing restricted;</li>
          <li>object to processing based on our legitimate interests;</li>
          <li>withdraw a consent you gave, at any time, without affecting what was done before;</li>
          <li>not be discriminated against for exercising these rights (California).</li>
        </ul>
        <p>
          To exercise them, use <ContactUs />. We may ask you to confirm your identity, for example by replying from the email
          address the request is about. We answer within one month (45 days for California requests) and tell you if we need
          longer. You can also complain to your data protection authority.
        </p>
        <p>
          For our commitments to customers as their processor, see the{' '}
          <Link to={AGREEMENTS.gdpr.path}>{AGREEMENTS.gdpr.title}</Link>, the{' '}
          <Link to={AGREEMENTS.ccpa.path}>{AGREEMENTS.ccpa.title}</Link> and the{' '}
          <Link to={AGREEMENTS.pdpa.path}>{AGREEMENTS.pdpa.title}</Link>.
        </p>

        <h2>Children</h2>
        <p>Lodestone is a service for businesses and is not meant for anyone under 16. We do not knowingly collect their data.</p>

        <h2>Changes to this policy</h2>
        <p>
          When we change this policy, we update the date at the top. If a change matters to how your data is used, we tell account
          holders by email before it takes effect.
        </p>

        <h2>Contact</h2>
        <p>
          Questions about this policy or your data: use <ContactUs />.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
