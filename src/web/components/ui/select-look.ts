/**
 * The look of a select's closed trigger, shared by the Radix trigger (select.tsx) and the stand-in
 * that a screen draws before Radix's select has downloaded (option-select.tsx): no import here, so
 * the stand-in brings nothing of Radix with it.
 */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-gray-300 bg-white px-3 text-left text-base whitespace-nowrap text-gray-900 shadow-sm transition-colors focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none disabled:opacity-60 data-[placeholder]:text-gray-500 sm:text-sm [&>span]:truncate';
