import { MoveHorizontal, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ErrorState } from '@/web/components/ui/error-state';
import { Spinner } from '@/web/components/ui/spinner';
import { cn } from '@/web/lib/cn';
import { formatCount } from './format';

/*
 * The dashboard's paged tables (forms, leads, payments): one card, loaded 50 rows at a time with
 * "Load more". A table from `sm` up, scrolling sideways inside its card if it must; below, each row
 * is a stacked card (see table-parts). The page itself never scrolls sideways.
 */

/** What the tables read of a `useInfiniteQuery` result. */
export type PagedList = {
  data: unknown;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** The first page failed: the error, with "Try again". */
export function TableLoadError({ title, list }: { title: string; list: PagedList }) {
  return (
    <div className="px-4 pb-4 sm:px-6 sm:pb-6">
      <ErrorState title={title} error={list.error} onRetry={() => void list.refetch()} retrying={list.isRefetching} />
    </div>
  );
}

type EmptyTableStateProps = { icon: LucideIcon; title: string; children: ReactNode };

/** In place of a table with no rows: an icon, what is missing, and what will fill it. */
export function EmptyTableState({ icon: Icon, title, children }: EmptyTableStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 border-t border-gray-200 px-4 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-gray-400" />
      <p className="font-medium text-gray-900">{title}</p>
      <p className="max-w-md text-sm text-gray-700">{children}</p>
    </div>
  );
}

type TableHeadProps = {
  columns: readonly string[];
  /** Columns of numbers and amounts, aligned right. */
  alignRight: (column: string) => boolean;
  /** The cells' padding from `lg` up. */
  padding?: string;
  /** Header cells after the named columns (e.g. "Actions"). */
  children?: ReactNode;
};

/** The column names; hidden below `sm`, where each cell carries its own. */
export function TableHead({ columns, alignRight, padding = 'lg:first:pl-6 lg:last:pr-6', children }: TableHeadProps) {
  return (
    <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase max-sm:hidden">
      <tr>
        {columns.map((column, i) => (
          // By position: an answer's label may repeat a fixed column's name ("Status").
          <th key={i} scope="col" className={cn('px-4 py-3 whitespace-nowrap', padding, alignRight(column) && 'text-right')}>
            {column}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}

type ScrollingTableProps = {
  /** The id of the card's heading, which names the scrolling region and the table. */
  labelledBy: string;
  busy: boolean;
  /** The table's minimum width from `sm` up, and any other classes. */
  className: string;
  head: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/**
 * The table in a focusable region that scrolls sideways (keyboard users can scroll it too). The
 * region is `relative` so that it contains the cells' visually hidden (absolutely positioned) text:
 * otherwise the text of columns scrolled out of view widens the whole page. While columns are cut
 * off, a line above the table says so (and describes the region) and a shade marks each side that
 * has more: a scrollbar alone is easy to miss, or hidden until one scrolls.
 */
export function ScrollingTable({ labelledBy, busy, className, head, children }: ScrollingTableProps) {
  const regionRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const more = useSideOverflow(regionRef);
  const cutOff = more.start || more.end;
  return (
    <div className="border-t border-gray-200">
      {cutOff && (
        <p id={hintId} className="flex items-center justify-end gap-1.5 px-4 py-2 text-xs text-gray-600 lg:px-6">
          <MoveHorizontal aria-hidden="true" className="size-3.5 shrink-0" />
          Scroll sideways to see every column
        </p>
      )}
      <div className="relative">
        <div
          ref={regionRef}
          role="region"
          aria-labelledby={labelledBy}
          aria-describedby={cutOff ? hintId : undefined}
          tabIndex={0}
          onKeyDown={scrollByKey}
          className="relative overflow-x-auto [scrollbar-color:var(--color-gray-400)_var(--color-gray-100)] focus-visible:outline-offset-[-2px]"
        >
          <table aria-labelledby={labelledBy} aria-busy={busy} className={cn('w-full text-sm max-sm:block', className)}>
            {head}
            <tbody className="divide-y divide-gray-200 max-sm:block">{children}</tbody>
          </table>
        </div>
        {more.start && (
          <div
            aria-hidden="true"
            data-testid="scroll-shade-start"
            className="pointer-events-none absolute inset-y-0 left-0 w-8 bg-gradient-to-r from-gray-900/15 to-transparent"
          />
        )}
        {more.end && (
          <div
            aria-hidden="true"
            data-testid="scroll-shade-end"
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-gray-900/15 to-transparent"
          />
        )}
      </div>
    </div>
  );
}

const KEY_STEP = 80;

/**
 * The left and right arrows, Home and End scroll the focused region sideways. Not every browser does
 * this for a focused region by itself (the browser journeys saw Chromium not do it), so it is done here.
 */
function scrollByKey(event: KeyboardEvent<HTMLDivElement>) {
  if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
  const region = event.currentTarget;
  const targets: Record<string, number> = {
    ArrowLeft: region.scrollLeft - KEY_STEP,
    ArrowRight: region.scrollLeft + KEY_STEP,
    Home: 0,
    End: region.scrollWidth,
  };
  const left = targets[event.key];
  if (left === undefined) return;
  event.preventDefault();
  region.scrollTo({ left });
}

/** Whether the region has more to show to its left (`start`) and to its right (`end`), kept up to date. */
function useSideOverflow(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const update = () => {
      const max = region.scrollWidth - region.clientWidth;
      // A pixel of slack: zoomed layouts leave fractions.
      const start = region.scrollLeft > 1;
      const end = max - region.scrollLeft > 1;
      setMore((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    region.addEventListener('scroll', update, { passive: true });
    // The region's width follows the window; the table's follows its rows and columns. The observer
    // also reports both once they are laid out, the first measure: measuring here, in the middle of
    // the screen's first renders, would make the browser lay the page out once more each time.
    const observer = new ResizeObserver(update);
    observer.observe(region);
    if (region.firstElementChild) observer.observe(region.firstElementChild);
    return () => {
      region.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return more;
}

/** "Load more" under the table while there are more pages, with the error of a page that failed. */
export function LoadMoreFooter({ list, what }: { list: PagedList; what: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t border-gray-200 p-4">
      {list.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700">
          Could not load more {what}. {list.error?.message}
        </p>
      )}
      <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage && <Spinner />}
        {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

type PagedTableCardProps = {
  title: string;
  /** Under the title, e.g. the revenue. */
  subtitle?: ReactNode;
  list: PagedList;
  /** The rows loaded so far. */
  count: number;
  /** What the rows are, plural ("leads"), for the error messages. */
  what: string;
  /** Shown instead of the table once the list has loaded empty. */
  empty: ReactNode;
  columns: readonly string[];
  alignRight: (column: string) => boolean;
  /** The table's minimum width from `sm` up, e.g. 'sm:min-w-[48rem]'. */
  minWidth: string;
  /** The placeholder rows while the first page loads. */
  skeleton: ReactNode;
  /** The rows. */
  children: ReactNode;
};

/** A form's table of leads or payments, newest first: heading, count, table, "Load more". */
export function PagedTableCard(props: PagedTableCardProps) {
  const { title, subtitle, list, count, what, empty, columns, alignRight, minWidth, skeleton, children } = props;
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-lg leading-tight font-semibold text-gray-900">
      {title}
    </h2>
  );

  return (
    <Card className="min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 p-4 sm:p-6">
        {subtitle === undefined ? (
          heading
        ) : (
          <div className="min-w-0">
            {heading}
            {subtitle}
          </div>
        )}
        {count > 0 && (
          <p className="text-sm text-gray-600">
            Newest first · {formatCount(count)} shown{list.hasNextPage ? ', more below' : ''}
          </p>
        )}
      </div>

      {list.isError && !list.data ? (
        <TableLoadError title={`Could not load the ${what}`} list={list} />
      ) : !list.isPending && count === 0 ? (
        empty
      ) : (
        <ScrollingTable
          labelledBy={headingId}
          busy={list.isPending}
          className={minWidth}
          head={<TableHead columns={columns} alignRight={alignRight} />}
        >
          {list.isPending ? skeleton : children}
        </ScrollingTable>
      )}

      <LoadMoreFooter list={list} what={what} />
    </Card>
  );
}
