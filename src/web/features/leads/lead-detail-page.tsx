import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams } from '@/web/lib/router';
import type { LeadDetail } from '@/domain/lead-detail';
import { formatMoney } from '@/domain/money';
import { PROVIDER_NAMES } from '@/domain/payment-providers';
import { formAnalyticsPath } from '@/domain/app-paths';
import { RequireSession } from '@/web/app/require-session';
import { Breadcrumb } from '@/web/components/breadcrumb';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { displayName, formatCount, formatDateTime, PaymentStatusBadge } from '@/web/features/dashboard';
import { ApiError } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useLeadDetail } from './api';
import { ConsentEvidence } from './consent-evidence';
import { DetailCard, Fact, Facts } from './detail-parts';
import { listSearchFrom } from './lead-detail-state';
import { LeadStatusBadges } from './lead-status';
import { LeadSyncs } from './lead-syncs';
import { LeadFollowUps } from './lead-follow-ups';
import { LeadTimeline } from './lead-timeline';
import { answerText } from './leads-table';

/** /dashboard/leads/:id — one lead: answers, source, timeline, consent evidence, payments. */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  return (
    <RequireSession>
      <LeadDetailContent key={id} id={id} />
    </RequireSession>
  );
}

function LeadDetailContent({ id }: { id: string }) {
  const location = useLocation();
  const listSearch = listSearchFrom(location.state);
  const backTo = `/dashboard/leads${listSearch ? `?${listSearch}` : ''}`;
  const detail = useLeadDetail(id);
  const lead = detail.data;
  const missing = detail.error instanceof ApiError && detail.error.status === 404;
  useDocumentTitle(
    lead ? `${lead.email} · Leads` : missing ? 'Lead not found' : 'Lead',
    'A lead’s answers, consent evidence, timeline and payments.',
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumb parent={{ label: 'Leads', to: backTo }} current={lead?.email ?? (missing ? 'Not found' : 'Lead')} />
      <Link
        to={backTo}
        className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to leads
      </Link>
      {missing ? (
        <Card className="flex flex-col items-center gap-3 px-4 py-16 text-center">
          <h1 className="text-2xl font-bold text-gray-900">This lead was not found.</h1>
          <p className="text-gray-700">It may have been deleted, or it belongs to another workspace.</p>
          <Link to={backTo} className={buttonVariants({ className: 'mt-2' })}>
            Back to leads
          </Link>
        </Card>
      ) : detail.isError ? (
        <ErrorState
          title="Could not load this lead"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isRefetching}
        />
      ) : lead ? (
        <LeadView lead={lead} />
      ) : (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            Loading the lead...
          </span>
          <Skeleton className="h-9 w-72 max-w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  const latest = lead.payments[0] ?? null;
  return (
    <>
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] text-gray-900 sm:text-3xl">{lead.email}</h1>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-700">
          <LeadStatusBadges status={lead.status} payment={latest} />
          <span>
            on{' '}
            <Link
              to={formAnalyticsPath(lead.form.id)}
              className="rounded-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline"
            >
              {displayName(lead.form.name)}
            </Link>
          </span>
        </div>
      </div>

      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <DetailCard title="Answers">
            <Facts>
              <Fact label="Email">{lead.email}</Fact>
              {lead.answers.map((a) => (
                <Fact key={a.fieldId} label={a.label}>
                  {answerText(a.value)}
                </Fact>
              ))}
            </Facts>
          </DetailCard>
          <DetailCard title="Status and source">
            <Facts>
              <Fact label="Signed up">{formatDateTime(lead.createdAt)}</Fact>
              <Fact label="Confirmed">{lead.verifiedAt ? formatDateTime(lead.verifiedAt) : 'Not yet'}</Fact>
              <Fact label="Downloads">
                {formatCount(lead.downloads)}
                {lead.lastDownloadAt && `, last ${formatDateTime(lead.lastDownloadAt)}`}
              </Fact>
              <Fact label="UTM source">{lead.utm.source ?? '—'}</Fact>
              <Fact label="UTM medium">{lead.utm.medium ?? '—'}</Fact>
              <Fact label="UTM campaign">{lead.utm.campaign ?? '—'}</Fact>
              <Fact label="UTM term">{lead.utm.term ?? '—'}</Fact>
              <Fact label="UTM content">{lead.utm.content ?? '—'}</Fact>
              <Fact label="Referrer">{lead.referrer ?? '—'}</Fact>
              {lead.placement && (
                <Fact label="Placement">
                  {lead.placement.name}
                  {lead.hostUrl && <span className="block break-all text-gray-600">{lead.hostUrl}</span>}
                </Fact>
              )}
              {lead.abVariant && <Fact label="A/B test">{lead.abVariant === 'b' ? 'Variant B' : 'Variant A (the page)'}</Fact>}
            </Facts>
          </DetailCard>
        </div>
        <div className="flex min-w-0 flex-col gap-6 self-start">
          <DetailCard title="Timeline" className="min-w-0">
            <LeadTimeline events={lead.timeline} />
          </DetailCard>
          <LeadFollowUps followUps={lead.followUps} />
        </div>
      </div>

      <LeadSyncs syncs={lead.syncs} />
      <ConsentEvidence consents={lead.consents} />
      <LeadPayments lead={lead} />
    </>
  );
}

function LeadPayments({ lead }: { lead: LeadDetail }) {
  return (
    <DetailCard title="Payments">
      {lead.payments.length === 0 ? (
        <p className="text-sm text-gray-700">
          {lead.paymentState === 'none' ? 'None: this lead signed up on a free page.' : 'No payment has been started yet.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-200">
          {lead.payments.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-gray-900 tabular-nums">{formatMoney(p.amount, p.currency)}</span>
                <span className="text-gray-600">· {PROVIDER_NAMES[p.provider]}</span>
                <PaymentStatusBadge status={p.status} />
              </div>
              <Facts>
                <Fact label="Started">{formatDateTime(p.createdAt)}</Fact>
                {p.paidAt && <Fact label="Paid">{formatDateTime(p.paidAt)}</Fact>}
                {p.refundedAt && <Fact label="Refunded">{formatDateTime(p.refundedAt)}</Fact>}
                {p.failureReason && <Fact label="Why it failed">{p.failureReason}</Fact>}
                {p.reference && (
                  <Fact label="Reference">
                    <span className="font-mono text-xs break-all">{p.reference}</span>
                  </Fact>
                )}
              </Facts>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
