import { Link } from '@/web/lib/router';
import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { AgreementScope, ContactUs, SecurityMeasures, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function DpaPage() {
  return (
    <InfoPageLayout
      title={AGREEMENTS.gdpr.title}
      description="The terms under which Lodestone processes personal data as your processor under the GDPR and the UK GDPR."
      trail={[{ label: 'GDPR Compliance', to: '/gdpr' }]}
    >
      <Prose>
        <AgreementScope>
          This Data Processing Agreement (&ldquo;DPA&rdquo;) is between you, the customer (&ldquo;Customer&rdquo;, the
          controller), and Lodestone (the processor), and meets Article 28 of the GDPR and of the UK GDPR.
        </AgreementScope>

        <h2>1. Scope</h2>
        <p>
          This DPA applies to personal data that Lodestone processes on Customer&apos;s behalf in providing the service
          (&ldquo;Customer Personal Data&rdquo;). It does not cover Customer&apos;s own account data, for which Lodestone is the
          controller as described in the <Link to="/privacy">Privacy Policy</Link>.
        </p>

        <h2>2. Details of the processing</h2>
        <ul>
          <li>
            <strong>Subject matter and duration:</strong> hosting Customer&apos;s landing pages and handling their submissions,
            for as long as Customer uses the service, plus the deletion period in section 9.
          </li>
          <li>
            <strong>Nature and purpose:</strong> collecting and storing submissions, recording consent, verifying email addresses,
            delivering files, counting page views, taking payments through Customer&apos;s own payment accounts, and showing
            Customer the results.
          </li>
          <li>
            <strong>Types of personal data:</strong> email addresses and the other answers Customer&apos;s forms ask for; consent
            records (text, version, time, keyed hashes of IP address and user agent); confirmation and download status; campaign
            parameters and referrer; payment amount, currency, status and provider references.
          </li>
          <li>
            <strong>Data subjects:</strong> visitors who submit Customer&apos;s landing pages.
          </li>
        </ul>

        <h2>3. Customer&apos;s instructions</h2>
        <p>
          Lodestone processes Customer Personal Data only on Customer&apos;s documented instructions: the Terms of Service, this
          DPA and the way Customer configures its pages. Lodestone informs Customer if it believes an instruction infringes data
          protection law, and processes otherwise only where the law requires it, telling Customer first unless the law forbids
          that.
        </p>

        <h2>4. Confidentiality</h2>
        <p>
          Everyone Lodestone authorises to process Customer Personal Data is bound by confidentiality and has access only as far
          as their task requires.
        </p>

        <h2>5. Security</h2>
        <p>
          Lodestone implements appropriate technical and organisational measures under Article 32, including those in Annex 2, and
          keeps them under review as the service and threats evolve.
        </p>

        <h2>6. Sub-processors</h2>
        <p>
          Customer gives Lodestone general authorisation to engage the sub-processors in Annex 1. Lodestone informs Customer by
          email at least 30 days before adding or replacing a sub-processor; Customer may object on reasonable data protection
          grounds, and if the parties cannot resolve the objection, Customer may end the service. Lodestone binds each
          sub-processor to data protection obligations equivalent to this DPA and remains responsible for its performance.
        </p>

        <h2>7. Assistance</h2>
        <p>
          Taking into account the nature of the processing, Lodestone helps Customer answer data subjects&apos; requests to
          exercise their rights, and provides the information Customer reasonably needs for data protection impact assessments and
          prior consultations. Lodestone forwards to Customer any request it receives directly from a data subject about Customer
          Personal Data, without answering it itself.
        </p>

        <h2>8. Personal data breaches</h2>
        <p>
          Lodestone notifies Customer without undue delay, and at the latest within 48 hours, after becoming aware of a personal
          data breach affecting Customer Personal Data. The notice describes the breach, the data and data subjects concerned, its
          likely consequences and the measures taken or proposed, with further information as it becomes available.
        </p>

        <h2>9. Deletion or return</h2>
        <p>
          Customer can delete a landing page, with all of its submissions and consent records, at any time. When the service ends,
          Lodestone deletes the remaining Customer Personal Data within 30 days, unless the law requires it to be kept; before
          then Customer may ask for a copy.
        </p>

        <h2>10. Audits</h2>
        <p>
          Lodestone makes available the information needed to demonstrate compliance with this DPA and allows audits by Customer,
          or an independent auditor bound by confidentiality, on 30 days&apos; written notice, at most once a year unless a breach
          or a supervisory authority requires more, and at Customer&apos;s cost.
        </p>

        <h2>11. International transfers</h2>
        <p>
          Lodestone transfers Customer Personal Data outside the European Economic Area or the United Kingdom only where an
          adequacy decision applies or under the European Commission&apos;s Standard Contractual Clauses (with the UK Addendum
          where relevant), together with any supplementary measures needed.
        </p>

        <h2>12. Liability and precedence</h2>
        <p>
          Each party&apos;s liability under this DPA is subject to the limits in the Terms of Service, except where the law does
          not allow them. If this DPA and the Terms conflict on the processing of Customer Personal Data, this DPA prevails.
        </p>

        <h2>Annex 1: Sub-processors</h2>
        <SubProcessorTable />

        <h2>Annex 2: Technical and organisational measures</h2>
        <SecurityMeasures />

        <h2>Questions</h2>
        <p>
          About this DPA, or to receive notices of sub-processor changes at another address: use <ContactUs />.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
