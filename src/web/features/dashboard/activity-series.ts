/** The chart's lines: shared by the drawing and the table that reads its numbers out. */
export const SERIES = [
  { key: 'views', name: 'Views', color: '#4f46e5' }, // indigo-600
  { key: 'leads', name: 'Leads', color: '#059669' }, // emerald-600
  // Dashed, so it stays visible where it runs on top of the leads line.
  { key: 'confirmations', name: 'Confirmations', color: '#d97706', dash: '6 4' }, // amber-600
] as const;
