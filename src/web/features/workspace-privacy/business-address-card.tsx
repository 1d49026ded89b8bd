import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { type BusinessAddress, businessAddressSchema } from '@/domain/paid-orders';
import { describedBy, FieldError } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError } from '@/web/lib/api';
import { useSaveBusinessAddress } from './api';
import { MembersOnly } from './members-only';

const ID = 'business-address';

/** The seller's postal address that every receipt of the workspace's paid pages shows, typed once. */
export function BusinessAddressCard({ saved, manages }: { saved: BusinessAddress; manages: boolean | undefined }) {
  const [businessAddress, setBusinessAddress] = useState(saved.businessAddress);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveBusinessAddress();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = businessAddressSchema.safeParse({ businessAddress });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const next = await save.mutateAsync(parsed.data);
      setBusinessAddress(next.businessAddress);
      toast.success('Business address saved');
    } catch (err) {
      if (err instanceof ApiError && err.errors.businessAddress) setError(err.errors.businessAddress);
      else toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Card className="p-6">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5" aria-labelledby="business-address-title">
        <div className="grid gap-1">
          <h2 id="business-address-title" className="text-lg font-semibold text-gray-900">
            Business address for receipts
          </h2>
          <p className="text-sm text-gray-600">
            Every paid order emails the buyer a receipt with your business name (from the page) and this postal address. Many
            countries require it on receipts.
          </p>
        </div>
        <fieldset disabled={!manages} className="grid min-w-0 gap-1.5">
          <Label htmlFor={ID}>Postal address</Label>
          <Textarea
            id={ID}
            rows={4}
            placeholder={'Acme Books Ltd\n1 Harbour Street\nBristol BS1 4AA\nUnited Kingdom'}
            value={businessAddress}
            onChange={(e) => setBusinessAddress(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(ID, { hint: true, error })}
          />
          <p id={`${ID}-hint`} className="text-sm text-gray-600">
            One line per line of the address, as it should be printed.
          </p>
          <FieldError id={ID} error={error} />
        </fieldset>
        <MembersOnly allowed={manages} note="Only the workspace’s owners and admins can change its business address.">
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save business address'}
            </Button>
          </div>
        </MembersOnly>
      </form>
    </Card>
  );
}
