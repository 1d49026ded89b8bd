import { Check, X } from 'lucide-react';
import { PLAN_LIST } from '@/domain/plans';
import { PLAN_COMPARISON } from '@/domain/pricing';

/** docs/product.md#features: the Free / Pro / Business comparison, from the one plan definition. */
export function PlanComparisonTable() {
  return (
    <div
      role="region"
      aria-labelledby="plan-comparison-caption"
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className="w-full border-collapse text-left text-xs sm:text-sm">
        <caption id="plan-comparison-caption" className="sr-only">
          What the Free, Pro and Business plans include
        </caption>
        <thead>
          <tr className="border-b border-gray-200 bg-gray-50">
            <th scope="col" className="py-3 pr-2 pl-3 font-semibold text-gray-900 sm:px-6">
              Feature
            </th>
            {PLAN_LIST.map((plan) => (
              <th key={plan.id} scope="col" className="px-2 py-3 text-center font-semibold text-gray-900 sm:px-6">
                {plan.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PLAN_COMPARISON.map((row) => (
            <tr key={row.label} className="border-b border-gray-100 last:border-b-0">
              <th scope="row" className="py-3 pr-2 pl-3 font-medium text-gray-900 sm:px-6">
                {row.label}
              </th>
              {PLAN_LIST.map((plan) => (
                <td key={plan.id} className="px-2 py-3 text-center text-gray-700 sm:px-6">
                  <ComparisonValue value={row.values[plan.id]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonValue({ value }: { value: string | boolean }) {
  if (typeof value === 'string') return <>{value}</>;
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto size-5 text-emerald-600" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <X aria-hidden="true" className="mx-auto size-5 text-gray-400" />
      <span className="sr-only">Not included</span>
    </>
  );
}
