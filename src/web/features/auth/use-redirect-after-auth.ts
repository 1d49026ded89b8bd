import { useNavigate, useSearchParams } from '@/web/lib/router';
import { isServerPage } from '@/domain/routes';
import { safeRedirectPath } from '@/web/lib/safe-redirect';

/**
 * Goes to the same-site `redirect` query path, or to the dashboard. A page the server answers
 * itself (an export's download) is loaded for real: the router would only show its not-found screen.
 */
export function useRedirectAfterAuth(): () => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return () => {
    const target = safeRedirectPath(params.get('redirect'));
    if (isServerPage(target.split(/[?#]/)[0]!)) window.location.assign(target);
    else navigate(target, { replace: true });
  };
}
