import { useId } from 'react';
import { CONVERSION_DESTINATION_NAMES } from '@/domain/conversions';
import type { ConversionCounts } from '@/domain/conversions-api';
import { Card } from '@/web/components/ui/card';
import { Link } from '@/web/lib/router';

/**
 * A page's conversions sent from the server, per connected destination (docs/decisions/0088).
 * Nothing when the workspace sends none; shares the analytics query, whose failure is shown above.
 */
export function FormConversionsCard({ conversions }: { conversions: ConversionCounts[] | null | undefined }) {
  const headingId = useId();
  if (!conversions || conversions.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={headingId} className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Conversions sent
        </h2>
        <Link to="/settings/integrations" className="text-sm text-indigo-700 underline-offset-4 hover:underline">
          Conversions settings
        </Link>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-gray-600">
              <th scope="col" className="py-2 pr-4 font-medium">
                Destination
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Sent
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                Failed
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Waiting
              </th>
            </tr>
          </thead>
          <tbody>
            {conversions.map((c) => (
              <tr key={c.destination} className="border-b border-gray-100 last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium text-gray-900">
                  {CONVERSION_DESTINATION_NAMES[c.destination]}
                </th>
                <td className="py-2 pr-4 text-right text-gray-900 tabular-nums">{c.sent}</td>
                <td className={`py-2 pr-4 text-right tabular-nums ${c.failed > 0 ? 'text-red-700' : 'text-gray-900'}`}>
                  {c.failed}
                </td>
                <td className="py-2 text-right text-gray-900 tabular-nums">{c.pending}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-gray-600">
        Leads and payments of visitors who accepted marketing, since the destination was connected.
      </p>
    </Card>
  );
}
