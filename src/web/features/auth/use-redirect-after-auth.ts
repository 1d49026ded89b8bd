import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '@/web/lib/safe-redirect';

/** Goes to the same-site `redirect` query path, or to the dashboard. */
export function useRedirectAfterAuth(): () => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return () => navigate(safeRedirectPath(params.get('redirect')), { replace: true });
}
