/**
 * The consent wording next to the privacy checkbox (docs/product.md#published-page). The server records exactly this
 * text and its version with each lead, so change the wording only together with the version.
 */
export const CONSENT_VERSION = 1;

export function consentText(businessName: string): string {
  const who = businessName.trim() || 'this business';
  return `I agree to the privacy policy and to receive emails from ${who}.`;
}
