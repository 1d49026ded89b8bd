import type { ReactNode } from 'react';
import { Link } from '@/web/lib/router';
import { RETENTION, SECURITY_MEASURES, SUB_PROCESSORS } from '@/domain/legal';
import { useSupportEmail } from '@/web/lib/site';

// Pieces the legal pages share, so the Privacy Policy, the Terms and the agreements say the same.

/** A table that scrolls sideways on a narrow screen, reachable and named for keyboard and screen-reader users. */
function LegalTable({ id, caption, head, children }: { id: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={`${id}-caption`}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm leading-6">
        <caption
          id={`${id}-caption`}
          className="border-b border-gray-200 bg-gray-50 px-4 py-2 text-left font-semibold text-gray-900"
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-gray-200">
            {head.map((label) => (
              <th key={label} scope="col" className="px-4 py-2 font-semibold text-gray-900">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="align-top">{children}</tbody>
      </table>
    </div>
  );
}

/** The sub-processors, from src/domain/legal.ts (the one list every legal page shows). */
export function SubProcessorTable() {
  return (
    <LegalTable id="sub-processors" caption="Sub-processors" head={['Sub-processor', 'Purpose', 'Personal data', 'Location']}>
      {SUB_PROCESSORS.map((p) => (
        <tr key={p.name} className="border-b border-gray-100 last:border-b-0">
          <th scope="row" className="px-4 py-3 font-medium text-gray-900">
            {p.name}
          </th>
          <td className="px-4 py-3">{p.purpose}</td>
          <td className="px-4 py-3">{p.data}</td>
          <td className="px-4 py-3">{p.location}</td>
        </tr>
      ))}
    </LegalTable>
  );
}

export function RetentionTable() {
  return (
    <LegalTable id="retention" caption="How long we keep data" head={['Data', 'Kept']}>
      {RETENTION.map((r) => (
        <tr key={r.data} className="border-b border-gray-100 last:border-b-0">
          <th scope="row" className="px-4 py-3 font-medium text-gray-900">
            {r.data}
          </th>
          <td className="px-4 py-3">{r.kept}</td>
        </tr>
      ))}
    </LegalTable>
  );
}

export function SecurityMeasures() {
  return (
    <ul>
      {SECURITY_MEASURES.map((measure) => (
        <li key={measure}>{measure}</li>
      ))}
    </ul>
  );
}

/** "our contact form (choose 'Privacy request') or support@…": the two ways to reach us. */
export function ContactUs({ topic = 'privacy' }: { topic?: 'privacy' | 'general' }) {
  const supportEmail = useSupportEmail();
  return (
    <>
      our <Link to={`/contact?topic=${topic}`}>contact form</Link>
      {topic === 'privacy' && <> (choose &lsquo;Privacy request&rsquo;)</>}
      {supportEmail && (
        <>
          {' '}
          or email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </>
      )}
    </>
  );
}

/** The sentence under each agreement saying how it relates to the Terms. */
export function AgreementScope({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-indigo-100 bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
      {children} It forms part of our <Link to="/terms">Terms of Service</Link> and applies automatically to every customer while
      they use Lodestone: there is nothing to sign.
    </p>
  );
}
