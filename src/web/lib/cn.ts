import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { cnConfig } from './cn-config';

/** tailwind-merge with only the class groups the app uses (cn-config.ts): `twMerge`'s results, a third lighter. */
const merge = createTailwindMerge(() => cnConfig);

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
