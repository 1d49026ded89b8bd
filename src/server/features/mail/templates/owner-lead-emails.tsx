import { Button, Link, Section, Text } from '@react-email/components';
import { formatCountUs } from '@/domain/us-english';
import { button, EmailLayout, text } from './layout.js';

// Emails to a workspace's owners about their pages' new confirmed leads. They
// come from Lodestone (MAIL_FROM), not from the page's business: they are about the owner's
// account. Times are written in UTC because the owner's time zone is not known.

const OWNER_FOOTER = 'You received this email because of the lead notifications set on your Lodestone pages.';
const label = { ...text, color: '#4b5563', margin: '0' };
const value = { ...text, margin: '0 0 12px', whiteSpace: 'pre-wrap' as const };
const small = { ...text, color: '#4b5563', fontSize: '13px', lineHeight: '20px' };

/** "November 25, 2026 at 08:05 UTC". */
export const utcTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })} UTC`;

export interface OwnerNewLeadProps {
  pageName: string;
  leadEmail: string;
  /** When the lead was confirmed, ISO 8601. */
  confirmedAt: string;
  /** The visitor's answers besides the email, labelled as the page labels them. */
  answers: Array<{ label: string; value: string }>;
  /** APP_URL/dashboard/leads/{leadId} */
  leadUrl: string;
  /** APP_URL/dashboard/forms/{formId}: the page's analytics, where the setting is changed too. */
  pageUrl: string;
}

export const ownerNewLeadSubject = (p: OwnerNewLeadProps) => `New lead on "${p.pageName}"`;

export function OwnerNewLeadEmail(props: OwnerNewLeadProps) {
  const { pageName, leadEmail, confirmedAt, answers, leadUrl, pageUrl } = props;
  return (
    <EmailLayout preview={`${leadEmail} signed up on ${pageName}`} footer={OWNER_FOOTER}>
      <Text style={text}>
        A new lead was confirmed on <strong>{pageName}</strong>.
      </Text>
      <Text style={label}>Email</Text>
      <Text style={value}>{leadEmail}</Text>
      <Text style={label}>Confirmed</Text>
      <Text style={value}>{utcTime(confirmedAt)}</Text>
      {answers.map((answer, i) => (
        <Section key={i}>
          <Text style={label}>{answer.label}</Text>
          <Text style={value}>{answer.value || '—'}</Text>
        </Section>
      ))}
      <Button href={leadUrl} style={button}>
        View this lead
      </Button>
      <Text style={text}>
        Or paste this link into your browser: <Link href={leadUrl}>{leadUrl}</Link>
      </Text>
      <Text style={text}>
        See how the page is doing: <Link href={pageUrl}>{pageName} analytics</Link>
      </Text>
      <Text style={small}>
        You get an email for each new lead on this page. To get a daily digest or no emails instead, change Lead notifications on
        the page&apos;s screen: <Link href={pageUrl}>{pageUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

export interface DigestPage {
  name: string;
  /** Leads confirmed on the page in the window; `leads` lists only the newest few of them. */
  count: number;
  leads: Array<{ email: string; confirmedAt: string; url: string }>;
  /** APP_URL/dashboard/forms/{formId} */
  url: string;
}

export interface OwnerLeadDigestProps {
  workspaceName: string;
  /** The window's end (the digest's scheduled time), ISO 8601; it covers the 24 hours before. */
  until: string;
  pages: DigestPage[];
}

const leadsCount = (n: number) => `${formatCountUs(n)} new lead${n === 1 ? '' : 's'}`;
const total = (p: OwnerLeadDigestProps) => p.pages.reduce((sum, page) => sum + page.count, 0);

export const ownerLeadDigestSubject = (p: OwnerLeadDigestProps) => `Your daily digest: ${leadsCount(total(p))}`;

export function OwnerLeadDigestEmail(props: OwnerLeadDigestProps) {
  const { workspaceName, until, pages } = props;
  return (
    <EmailLayout preview={ownerLeadDigestSubject(props)} footer={OWNER_FOOTER}>
      <Text style={text}>
        {workspaceName}: {leadsCount(total(props))} confirmed in the 24 hours to {utcTime(until)}.
      </Text>
      {pages.map((page) => (
        <Section key={page.url}>
          <Text style={{ ...text, fontWeight: 700, margin: '16px 0 4px' }}>
            <Link href={page.url}>{page.name}</Link>: {leadsCount(page.count)}
          </Text>
          {page.leads.map((lead) => (
            <Text key={lead.url} style={{ ...text, margin: '0' }}>
              <Link href={lead.url}>{lead.email}</Link> · {utcTime(lead.confirmedAt)}
            </Text>
          ))}
          {page.count > page.leads.length && (
            <Text style={{ ...text, margin: '0' }}>
              and {page.count - page.leads.length} more: <Link href={page.url}>see them all</Link>
            </Text>
          )}
        </Section>
      ))}
      <Text style={small}>
        These pages send a daily digest. To get an email for each new lead or no emails instead, change Lead notifications on each
        page&apos;s screen in Lodestone (follow the page&apos;s name above).
      </Text>
    </EmailLayout>
  );
}
