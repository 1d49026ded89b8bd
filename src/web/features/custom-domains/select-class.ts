/** The screen's native selects (a home page each): the look of the team screen's. */
export const selectClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-sm focus-visible:border-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-600/30 focus-visible:outline-none disabled:opacity-60 aria-invalid:border-red-600 sm:text-sm';
