import { checkOutboundUrl } from '@/server/lib/safe-http';
import { validationError } from '@/server/lib/http-errors';

/** The save-time SSRF check: a refused address is a 400 naming the url field with the reason. */
export async function assertDeliverableUrl(url: string, allowPrivate: boolean): Promise<string> {
  const check = await checkOutboundUrl(url, { allowPrivate });
  if (!check.ok) throw validationError({ url: check.reason });
  return check.url.toString();
}
