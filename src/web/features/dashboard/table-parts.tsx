import { formatDateTime, formatShortDateTime } from './format';

/*
 * The form page's tables (leads, payments): a table from `sm` up, scrolling sideways inside its card
 * if it must, and stacked cards below, each cell carrying its column name (LABELLED, which the
 * dashboard's forms table uses too). The card around them is in paged-table.
 */
export const ROW = 'hover:bg-gray-50 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-3 max-sm:p-4';
export const CELL = 'px-4 py-3 align-top text-gray-700 max-sm:block max-sm:min-w-0 max-sm:p-0';
/** Below `sm` the column name shows above the value (the table header is hidden there). */
export const LABELLED =
  'max-sm:before:mb-0.5 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-gray-600 max-sm:before:content-[attr(data-label)]';

export function Empty() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">None</span>
    </>
  );
}

/** A short date and time, the full one in the tooltip (or `title` when given). */
export function When({ iso, title }: { iso: string; title?: string }) {
  return (
    <time dateTime={iso} title={title ?? formatDateTime(iso)} className="sm:whitespace-nowrap">
      {formatShortDateTime(iso)}
    </time>
  );
}
