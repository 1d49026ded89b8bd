import type { FormStatus, PageState } from '@/domain/forms-api';
import { PAGE_STATE_LABELS, pageState } from '@/domain/page-state';
import { Badge } from '@/web/components/ui/badge';

const VARIANTS = { active: 'success', inactive: 'neutral', draft: 'info' } as const satisfies Record<PageState, string>;

/** Active, Inactive (published, then switched off) or Draft (never published). */
export function PageStateBadge({ form }: { form: { status: FormStatus; published: boolean } }) {
  const state = pageState(form.status, form.published);
  return <Badge variant={VARIANTS[state]}>{PAGE_STATE_LABELS[state]}</Badge>;
}
