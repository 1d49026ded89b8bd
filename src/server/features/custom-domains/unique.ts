/** True when `err` (a driver error, or drizzle's wrapping of one) broke the unique index `index`. */
export function brokeUnique(err: unknown, index: string): boolean {
  const cause =
    (err as { cause?: { code?: string; constraint?: string } })?.cause ?? (err as { code?: string; constraint?: string });
  return cause?.code === '23505' && cause.constraint === index;
}
