import { Button, Link, Text } from '@react-email/components';
import { PLAN_LIST } from '@/domain/plans';
import { formatCountUs } from '@/domain/us-english';
import { button, EmailLayout, text } from './layout.js';

// Emails to a workspace's owners about their plan's usage.

export interface SubmissionLimitProps {
  workspaceName: string;
  /** The workspace's plan, e.g. 'Free' (absent in jobs queued before plans other than Free were counted). */
  planTitle?: string;
  /** The percentage reached: 80 (a warning) or 100 (sign-ups confirmed from now on are held). */
  threshold: number;
  used: number;
  limit: number;
  /** When the count starts again, e.g. "August 1". */
  resetsOn: string;
  dashboardUrl?: string;
}

export const submissionLimitSubject = (p: SubmissionLimitProps) =>
  p.threshold >= 100
    ? `Your landing pages have reached this month's ${formatCountUs(p.limit)} sign-ups`
    : `You have used ${p.threshold}% of this month's ${formatCountUs(p.limit)} sign-ups`;

/** The next plan up with more sign-ups, and what it offers; null on the largest plan. */
function upgradeLine(planTitle: string): string | null {
  const index = PLAN_LIST.findIndex((plan) => plan.title === planTitle);
  const next = PLAN_LIST.slice(index + 1).find(
    (plan) => plan.monthlySubmissionLimit !== PLAN_LIST[index]?.monthlySubmissionLimit,
  );
  if (index < 0 || !next) return null;
  return next.monthlySubmissionLimit === null
    ? `Upgrade to ${next.title} for unlimited sign-ups.`
    : `Upgrade to ${next.title} for ${formatCountUs(next.monthlySubmissionLimit)} sign-ups a month.`;
}

export function SubmissionLimitEmail({
  workspaceName,
  planTitle = 'Free',
  threshold,
  used,
  limit,
  resetsOn,
  dashboardUrl,
}: SubmissionLimitProps) {
  const full = threshold >= 100;
  const upgrade = upgradeLine(planTitle);
  return (
    <EmailLayout preview={submissionLimitSubject({ workspaceName, threshold, used, limit, resetsOn })}>
      <Text style={text}>
        {workspaceName} has {used} confirmed sign-ups this month. The {planTitle} plan includes {formatCountUs(limit)} a month.
      </Text>
      {full ? (
        <Text style={text}>
          Your landing pages keep taking sign-ups and every visitor still gets your file, but the sign-ups confirmed from now
          until {resetsOn} are held: they are kept for you, and appear in your leads, exports and integrations when you upgrade,
          or on {resetsOn}.
        </Text>
      ) : (
        <Text style={text}>
          When {formatCountUs(limit)} sign-ups are confirmed, your landing pages keep taking new ones, but they are held until you
          upgrade or until {resetsOn}: you see them, and your integrations receive them, only then.
        </Text>
      )}
      {upgrade && <Text style={text}>{upgrade}</Text>}
      {dashboardUrl && (
        <>
          <Button href={dashboardUrl} style={button}>
            Open Lodestone
          </Button>
          <Text style={text}>
            Or paste this link into your browser: <Link href={dashboardUrl}>{dashboardUrl}</Link>
          </Text>
        </>
      )}
    </EmailLayout>
  );
}
