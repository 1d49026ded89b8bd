import { AGREEMENTS } from '@/domain/legal';
import { InfoPageLayout } from './info-page-layout';
import { AgreementScope, ContactUs, SecurityMeasures, SubProcessorTable } from './legal-parts';
import { Prose } from './prose';

export function CcpaAddendumPage() {
  return (
    <InfoPageLayout
      title={AGREEMENTS.ccpa.title}
      description="The contract terms that make Lodestone your service provider under the California Consumer Privacy Act."
      trail={[{ label: 'CCPA Compliance', to: '/ccpa' }]}
    >
      <Prose>
        <AgreementScope>
          This addendum is between you, the customer (&ldquo;Customer&rdquo;, a business), and Lodestone (the service provider)
          under the California Consumer Privacy Act of 2018 as amended by the California Privacy Rights Act of 2020 and its
          regulations (together, the &ldquo;CCPA&rdquo;).
        </AgreementScope>

        <h2>1. Definitions</h2>
        <p>
          &ldquo;Business&rdquo;, &ldquo;business purpose&rdquo;, &ldquo;consumer&rdquo;, &ldquo;personal information&rdquo;,
          &ldquo;sell&rdquo;, &ldquo;share&rdquo; and &ldquo;service provider&rdquo; have the meanings the CCPA gives them.
          &ldquo;Customer Personal Information&rdquo; is personal information Lodestone processes on Customer&apos;s behalf in
          providing the service.
        </p>

        <h2>2. Business purposes</h2>
        <p>
          Customer discloses Customer Personal Information to Lodestone for these limited and specified business purposes only:
          hosting Customer&apos;s landing pages; collecting and storing submissions and consent records; verifying email addresses
          and delivering files; counting page views; taking payments through Customer&apos;s own payment accounts; showing
          Customer its results; and keeping the service secure.
        </p>

        <h2>3. Restrictions</h2>
        <p>Lodestone shall not:</p>
        <ol>
          <li>sell or share Customer Personal Information;</li>
          <li>
            retain, use or disclose it for any purpose other than the business purposes in section 2, including for any commercial
            purpose of its own;
          </li>
          <li>retain, use or disclose it outside the direct business relationship between Lodestone and Customer;</li>
          <li>
            combine it with personal information Lodestone receives from or on behalf of another person, or collects from its own
            interactions with the consumer, except as the CCPA permits a service provider to.
          </li>
        </ol>

        <h2>4. Compliance</h2>
        <p>
          Lodestone complies with the obligations the CCPA places on service providers and gives Customer Personal Information the
          same level of privacy protection the CCPA requires of businesses. Lodestone notifies Customer if it determines it can no
          longer meet these obligations.
        </p>

        <h2>5. Customer&apos;s rights</h2>
        <p>
          Customer may take reasonable and appropriate steps to ensure that Lodestone uses Customer Personal Information in a
          manner consistent with Customer&apos;s CCPA obligations, and, on notice, to stop and remediate any unauthorised use.
        </p>

        <h2>6. Consumer requests</h2>
        <p>
          Lodestone helps Customer respond to consumers&apos; requests to know, delete, correct, or limit, including by deleting
          or correcting Customer Personal Information on Customer&apos;s instruction. Lodestone refers consumers who contact it
          directly to Customer.
        </p>

        <h2>7. Subcontractors</h2>
        <p>
          Lodestone engages only the subcontractors below, each under a written contract that binds it to the same restrictions as
          this addendum, and notifies Customer before engaging a new one.
        </p>
        <SubProcessorTable />

        <h2>8. Security</h2>
        <p>Lodestone maintains reasonable security procedures and practices appropriate to the nature of the information:</p>
        <SecurityMeasures />

        <h2>9. Certification</h2>
        <p>Lodestone certifies that it understands the restrictions in this addendum and will comply with them.</p>

        <h2>Questions</h2>
        <p>
          About this addendum: use <ContactUs />.
        </p>
      </Prose>
    </InfoPageLayout>
  );
}
