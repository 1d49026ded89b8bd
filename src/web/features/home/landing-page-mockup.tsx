import { ChartColumn, FileText } from 'lucide-react';

/** A decorative sketch of a published lead-magnet page; hidden from assistive technology. */
export function LandingPageMockup() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-2xl shadow-indigo-200/60 sm:p-8">
        <div className="flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-indigo-100 text-indigo-700">
            <FileText className="size-6" />
          </span>
          <div>
            <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">Free guide</p>
            <p className="font-semibold text-gray-900">The Email Marketing Playbook</p>
          </div>
        </div>
        <p className="mt-4 text-sm text-gray-700">
          42 pages of proven tactics to grow and engage your list. Enter your details to get your copy.
        </p>
        <div className="mt-5 space-y-3">
          <div className="h-10 rounded-lg border border-gray-300 px-3 text-sm leading-10 text-gray-600">Jane Cooper</div>
          <div className="h-10 rounded-lg border border-gray-300 px-3 text-sm leading-10 text-gray-600">jane@example.com</div>
          <div className="flex items-center gap-2 text-xs text-gray-700">
            <span className="grid size-4 place-items-center rounded bg-indigo-600 text-[10px] text-white">✓</span>I agree to the
            privacy policy
          </div>
          <div className="h-11 rounded-lg bg-indigo-600 text-center text-sm leading-11 font-semibold text-white">
            Send me the PDF
          </div>
        </div>
      </div>
      <div className="absolute -bottom-6 -left-8 hidden items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3 shadow-lg sm:flex">
        <span className="grid size-9 place-items-center rounded-lg bg-emerald-100 text-emerald-700">
          <ChartColumn className="size-5" />
        </span>
        <div>
          <p className="text-xs text-gray-600">Conversion rate</p>
          <p className="text-lg font-bold text-gray-900">38.4%</p>
        </div>
      </div>
    </div>
  );
}
