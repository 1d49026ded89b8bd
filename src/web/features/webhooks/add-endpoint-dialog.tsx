import { useState, type FormEvent } from 'react';
import { toast } from '@/web/lib/toast';
import { EVENT_DESCRIPTIONS, EVENT_TYPES, type EventType } from '@/domain/events';
import { FieldError, TextField } from '@/web/components/text-field';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api';
import { useCreateEndpoint, usePageOptions } from './api';

type Props = { open: boolean; onClose: () => void };

const DEFAULT_EVENTS: EventType[] = ['lead.created', 'lead.confirmed'];

/** URL, description, events and an optional page: the server checks the address (public only) and says why not under it. */
export function AddEndpointDialog({ open, onClose }: Props) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<EventType[]>(DEFAULT_EVENTS);
  const [formId, setFormId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateEndpoint();
  const forms = usePageOptions(open);

  const close = () => {
    setUrl('');
    setDescription('');
    setEventTypes(DEFAULT_EVENTS);
    setFormId('');
    setErrors({});
    onClose();
  };

  const toggle = (type: EventType, on: boolean) =>
    setEventTypes((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (eventTypes.length === 0) return setErrors({ eventTypes: 'Choose at least one event' });
    create.mutate(
      { url, description, eventTypes, formId: formId || null },
      {
        onSuccess: () => {
          toast.success('Webhook endpoint added');
          close();
        },
        onError: (err) => {
          if (err instanceof ApiError && Object.keys(err.errors).length > 0) setErrors(err.errors);
          else setErrors({ _: err.message });
        },
      },
    );
  }

  const eventsError = errors.eventTypes ?? Object.entries(errors).find(([k]) => k.startsWith('eventTypes.'))?.[1];
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !create.isPending && close()}>
      <AlertDialogContent className="max-h-[90vh] overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>Add a webhook endpoint</AlertDialogTitle>
          <AlertDialogDescription>
            Lodestone POSTs each chosen event to this URL as signed JSON (Standard Webhooks). It must be a public http(s) address.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <TextField
            id="webhook-url"
            label="Endpoint URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks/lodestone"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
          />
          <TextField
            id="webhook-description"
            label="Description (optional)"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={errors.description}
          />
          <fieldset className="grid gap-2" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
            <legend className="mb-1 text-sm font-medium text-gray-900">Events</legend>
            {EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                  checked={eventTypes.includes(type)}
                  onChange={(e) => toggle(type, e.target.checked)}
                />
                <span className="min-w-0">
                  <code className="font-mono text-gray-900">{type}</code>
                  <span className="block text-gray-600">{EVENT_DESCRIPTIONS[type]}</span>
                </span>
              </label>
            ))}
            <FieldError id="webhook-events" error={eventsError} />
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="webhook-page">Page</Label>
            <select
              id="webhook-page"
              value={formId}
              onChange={(e) => setFormId(e.target.value)}
              className="h-10 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900"
            >
              <option value="">All pages</option>
              {forms.data?.items.map((form) => (
                <option key={form.id} value={form.id}>
                  {form.name}
                </option>
              ))}
            </select>
            <FieldError id="webhook-page" error={errors.formId} />
          </div>
          {errors._ && (
            <p role="alert" className="text-sm text-red-700">
              {errors._}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline" disabled={create.isPending}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Add endpoint
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
