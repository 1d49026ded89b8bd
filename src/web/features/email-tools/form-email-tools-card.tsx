import { Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import { EMAIL_TOOL_NAMES } from '@/domain/email-tool-providers';
import type { EmailToolsSettings, FormEmailTools } from '@/domain/email-tools';
import { OptionSelect } from '@/web/components/option-select';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Spinner } from '@/web/components/ui/spinner';
import { useEmailToolLists, useEmailToolsSettings, useFormEmailTools, useSaveFormEmailTools } from './api';

const NONE = 'none';
const INTEGRATIONS_PATH = '/settings/integrations';

/**
 * On a page's analytics screen: where its confirmed leads go in the connected email tools. Saved
 * apart from the page (no publishing needed); applies to leads confirmed from then on.
 */
export function FormEmailToolsCard({ formId }: { formId: string }) {
  const headingId = useId();
  const settings = useEmailToolsSettings();
  const page = useFormEmailTools(formId);
  const connected = settings.data && (settings.data.mailchimp.connection || settings.data.kit.connection);

  return (
    <Card role="region" aria-labelledby={headingId} className="flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={headingId} className="text-base font-semibold text-gray-900">
          Email tools
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Each confirmed lead of this page (each lead, without double opt-in) is added to your email tool with its name and
          answers, tagged with the page&apos;s name. Changes apply at once, without publishing again.
        </p>
      </div>
      {settings.isError || page.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the email tools: {(settings.error ?? page.error)?.message}
        </p>
      ) : !settings.data || !page.data ? (
        // As high as "No email tool is connected yet" with its button, what most pages show.
        <Skeleton className="h-[4.5rem] w-full sm:h-10" />
      ) : !connected ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-700">No email tool is connected yet.</p>
          <Link to={INTEGRATIONS_PATH} className={buttonVariants({ variant: 'outline' })}>
            <Mail aria-hidden="true" />
            Connect Mailchimp or Kit
          </Link>
        </div>
      ) : (
        <PageChoices formId={formId} settings={settings.data} saved={page.data} />
      )}
    </Card>
  );
}

function PageChoices({ formId, settings, saved }: { formId: string; settings: EmailToolsSettings; saved: FormEmailTools }) {
  const save = useSaveFormEmailTools(formId);
  const [listId, setListId] = useState(saved.mailchimp?.listId ?? NONE);
  const [mailchimpTags, setMailchimpTags] = useState((saved.mailchimp?.tags ?? []).join(', '));
  const [kitFormId, setKitFormId] = useState(saved.kit?.formId ? String(saved.kit.formId) : NONE);
  const [kitTagIds, setKitTagIds] = useState<number[]>(saved.kit?.tagIds ?? []);
  const [error, setError] = useState<string | null>(null);
  const mailchimp = settings.mailchimp.connection !== null;
  const kit = settings.kit.connection !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const tags = mailchimpTags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const next: FormEmailTools = {
      mailchimp: mailchimp ? (listId === NONE ? null : { listId, tags }) : saved.mailchimp,
      kit: kit
        ? kitFormId === NONE && kitTagIds.length === 0
          ? null
          : { formId: kitFormId === NONE ? null : Number(kitFormId), tagIds: kitTagIds }
        : saved.kit,
    };
    save.mutate(next, {
      onSuccess: () => toast.success('Email tools saved'),
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <div className="grid gap-5 lg:grid-cols-2">
        {mailchimp && <MailchimpChoices listId={listId} setListId={setListId} tags={mailchimpTags} setTags={setMailchimpTags} />}
        {kit && <KitChoices formId={kitFormId} setFormId={setKitFormId} tagIds={kitTagIds} setTagIds={setKitTagIds} />}
      </div>
      {(!mailchimp || !kit) && (
        <p className="text-sm text-gray-600">
          <Link to={INTEGRATIONS_PATH} className="font-medium text-indigo-700 hover:underline">
            Connect {mailchimp ? EMAIL_TOOL_NAMES.kit : EMAIL_TOOL_NAMES.mailchimp}
          </Link>{' '}
          to send there too.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending && <Spinner />}
          Save email tools
        </Button>
      </div>
    </form>
  );
}

function MailchimpChoices(props: { listId: string; setListId: (v: string) => void; tags: string; setTags: (v: string) => void }) {
  const lists = useEmailToolLists('mailchimp', true);
  const audiences = lists.data?.provider === 'mailchimp' ? lists.data.audiences : [];
  const selectId = useId();
  const tagsId = useId();
  const chosen = audiences.find((a) => a.id === props.listId);
  return (
    <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Mailchimp</legend>
      {lists.isError && (
        <p role="alert" className="text-sm text-red-700">
          {lists.error.message}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={selectId}>Audience</Label>
        <OptionSelect
          id={selectId}
          value={props.listId}
          onValueChange={props.setListId}
          options={[
            { value: NONE, label: "Don't send to Mailchimp" },
            ...audiences.map((a) => ({ value: a.id, label: a.name })),
            ...(props.listId !== NONE && !lists.isPending && !chosen
              ? [{ value: props.listId, label: 'An audience Mailchimp no longer lists' }]
              : []),
          ]}
          placeholder="Loading audiences…"
          disabled={lists.isPending}
          aria-busy={lists.isPending}
        />
        {chosen && (
          <p className="text-sm text-gray-600">
            {chosen.doubleOptIn
              ? 'This audience has double opt-in: Mailchimp emails each new member to confirm before they are subscribed.'
              : 'New members are subscribed at once (the lead already confirmed with Lodestone where the page asks for it).'}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={tagsId}>More tags (comma-separated)</Label>
        <Input
          id={tagsId}
          value={props.tags}
          onChange={(e) => props.setTags(e.target.value)}
          placeholder="webinar, 2026"
          disabled={props.listId === NONE}
        />
      </div>
    </fieldset>
  );
}

function KitChoices(props: {
  formId: string;
  setFormId: (v: string) => void;
  tagIds: number[];
  setTagIds: (v: number[]) => void;
}) {
  const lists = useEmailToolLists('kit', true);
  const data = lists.data?.provider === 'kit' ? lists.data : { forms: [], tags: [] };
  const selectId = useId();
  const toggle = (id: number) =>
    props.setTagIds(props.tagIds.includes(id) ? props.tagIds.filter((t) => t !== id) : [...props.tagIds, id]);
  return (
    <fieldset className="grid gap-3 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Kit</legend>
      {lists.isError && (
        <p role="alert" className="text-sm text-red-700">
          {lists.error.message}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={selectId}>Form</Label>
        <OptionSelect
          id={selectId}
          value={props.formId}
          onValueChange={props.setFormId}
          options={[
            { value: NONE, label: 'No form (tags only)' },
            ...data.forms.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
          placeholder="Loading forms…"
          disabled={lists.isPending}
          aria-busy={lists.isPending}
        />
        <p className="text-sm text-gray-600">
          Kit follows the form&apos;s own opt-in setting: a double opt-in form sends Kit&apos;s incentive email first.
        </p>
      </div>
      {data.tags.length > 0 && (
        <div className="grid gap-1.5">
          <p className="text-sm font-medium text-gray-900">Tags</p>
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {data.tags.map((tag) => (
              <li key={tag.id}>
                <label className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={props.tagIds.includes(tag.id)}
                    onChange={() => toggle(tag.id)}
                  />
                  {tag.name}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-gray-600">Choose no form and no tag to stop sending this page&apos;s leads to Kit.</p>
    </fieldset>
  );
}
