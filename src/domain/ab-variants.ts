/** The two variants of a page's A/B test (decision 0051), apart from what each shows (ab-test.ts). */
export const AB_VARIANTS = ['a', 'b'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];
export const isAbVariant = (value: unknown): value is AbVariant => value === 'a' || value === 'b';
export const variantName = (variant: AbVariant) => (variant === 'a' ? 'A' : 'B');
