import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { PENDING_LEAD_RETENTION_DEFAULT_DAYS, type RetentionSettings, retentionSettingsSchema } from '@/domain/retention';
import { TextField } from '@/web/components/text-field';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { ApiError } from '@/web/lib/api';
import { useSaveRetentionSettings } from './api';
import { MembersOnly } from './members-only';

const DEFAULT_ALL_LEADS_DAYS = 365;

/** The two retention periods, as text while typed; checked with the domain schema on save. */
export function RetentionCard({ saved, manages }: { saved: RetentionSettings; manages: boolean | undefined }) {
  const [pendingDays, setPendingDays] = useState(String(saved.pendingLeadDays));
  const [limitAll, setLimitAll] = useState(saved.allLeadsDays !== null);
  const [allDays, setAllDays] = useState(String(saved.allLeadsDays ?? DEFAULT_ALL_LEADS_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRetentionSettings();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = { pendingLeadDays: Number(pendingDays), allLeadsDays: limitAll ? Number(allDays) : null };
    const parsed = retentionSettingsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success('Retention settings saved');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Card className="p-6">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5" aria-labelledby="retention-title">
        <div className="grid gap-1">
          <h2 id="retention-title" className="text-lg font-semibold text-gray-900">
            Data retention
          </h2>
          <p className="text-sm text-gray-600">
            Lodestone deletes leads once they are older than you keep them, every night. Leads with a payment are kept: payment
            records are needed for tax.
          </p>
        </div>
        <fieldset disabled={!manages} className="grid min-w-0 gap-5">
          <TextField
            id="retention-pending"
            label="Delete unconfirmed leads after (days)"
            inputMode="numeric"
            value={pendingDays}
            onChange={(e) => setPendingDays(e.target.value)}
            hint={`Double opt-in sign-ups that never confirmed their email. Default: ${PENDING_LEAD_RETENTION_DEFAULT_DAYS} days.`}
            error={errors.pendingLeadDays}
            className="max-w-32"
          />
          <div className="grid gap-3">
            <div className="flex items-center gap-3">
              <Switch id="retention-limit-all" checked={limitAll} onCheckedChange={setLimitAll} />
              <Label htmlFor="retention-limit-all">Delete all leads after a time</Label>
            </div>
            {limitAll && (
              <TextField
                id="retention-all"
                label="Delete every lead after (days)"
                inputMode="numeric"
                value={allDays}
                onChange={(e) => setAllDays(e.target.value)}
                hint="Confirmed leads too, counted from the day they signed up. Off: kept until you delete them."
                error={errors.allLeadsDays}
                className="max-w-32"
              />
            )}
          </div>
        </fieldset>
        <MembersOnly allowed={manages} note="Only the workspace’s owners and admins can change how long it keeps leads.">
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save retention settings'}
            </Button>
          </div>
        </MembersOnly>
      </form>
    </Card>
  );
}
