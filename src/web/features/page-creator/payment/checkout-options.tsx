import type { Payment } from '@/domain/form-config';
import { SwitchField } from '@/web/features/page-creator/editor/controls';

type CheckoutOptionsProps = {
  payment: Payment;
  onChange: (patch: Partial<Payment>) => void;
};

/**
 * docs/product.md#payment: Stripe Tax and promotion codes for the page. Both are Stripe's: PayPal
 * takes the price as it is, and the page says so.
 */
export function CheckoutOptions({ payment, onChange }: CheckoutOptionsProps) {
  if (payment.provider === 'paypal') {
    return (
      <p className="text-sm text-gray-700">PayPal does not calculate tax or take discount codes: buyers pay the price as set.</p>
    );
  }
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium text-gray-900">At Stripe Checkout</legend>
      <SwitchField
        id="creator-payment-tax"
        label="Charge VAT / sales tax where it applies"
        description="Stripe Tax adds the tax due from the buyer's address (or business tax id) on top of your price. Turn on Stripe Tax in your Stripe account first."
        checked={payment.tax}
        onCheckedChange={(tax) => onChange({ tax })}
      />
      <SwitchField
        id="creator-payment-codes"
        label="Let buyers enter a discount code"
        description={
          payment.type === 'pwyw'
            ? 'Codes you create in Stripe (Products → Coupons). A payment that a code takes below your minimum is refunded, and no file is sent.'
            : 'Codes you create in Stripe (Products → Coupons) are taken at checkout.'
        }
        checked={payment.promotionCodes}
        onCheckedChange={(promotionCodes) => onChange({ promotionCodes })}
      />
      {payment.provider === 'both' && (
        <p className="text-sm text-gray-700">These apply to Stripe payments. PayPal does not calculate tax or take codes.</p>
      )}
    </fieldset>
  );
}
