import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from '@/web/lib/router';
import { toast } from '@/web/lib/toast';
import {
  CONTACT_CONSENT_TEXT,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX,
  CONTACT_TOPICS,
  contactMessages,
  contactRequestSchema,
  type ContactFields,
  type ContactReceived,
  type ContactRequest,
  type ContactTopic,
} from '@/domain/contact';
import { FormAlert } from '@/web/components/form-alert';
import { describedBy, EmailField, FieldError, TextareaField, TextField } from '@/web/components/text-field';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { SubmitButton } from '@/web/features/auth';
import { ApiError, apiFetch } from '@/web/lib/api';

// The consent sentence ends with a link: the words before it, and the linked words.
const CONSENT_LINKED = 'Privacy Policy';
const CONSENT_LEAD = CONTACT_CONSENT_TEXT.slice(0, CONTACT_CONSENT_TEXT.lastIndexOf(CONSENT_LINKED));

const FIELDS = ['name', 'email', 'topic', 'message', 'consent'] as const;
const isField = (key: string): key is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(key);

/** docs/product.md#contact: name, email, topic, message and consent, stored and emailed to support by the server. */
export function ContactForm({ initialTopic }: { initialTopic: ContactTopic }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const defaultValues: ContactRequest = {
    name: '',
    email: '',
    topic: initialTopic,
    message: '',
    consent: false,
    [CONTACT_HONEYPOT_FIELD]: '',
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactRequest, unknown, ContactFields>({ resolver: zodResolver(contactRequestSchema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await apiFetch<ContactReceived>('/api/contact', { method: 'POST', json: values });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fieldErrors = Object.entries(error.errors).filter(([key]) => isField(key));
      if (fieldErrors.length > 0) {
        for (const [key, message] of fieldErrors) if (isField(key)) setError(key, { message });
      } else {
        setServerError(error.message);
      }
      return;
    }
    toast.success(contactMessages.sent);
    reset(defaultValues);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Contact form">
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Name"
          autoComplete="name"
          placeholder="Jane Cooper"
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField id="contact-email" error={errors.email?.message} {...register('email')} />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor="contact-topic">Topic</Label>
        <Controller
          control={control}
          name="topic"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger
                id="contact-topic"
                ref={field.ref}
                onBlur={field.onBlur}
                aria-invalid={errors.topic ? true : undefined}
                aria-describedby={describedBy('contact-topic', { error: errors.topic?.message })}
              >
                <SelectValue placeholder="Choose a topic" />
              </SelectTrigger>
              <SelectContent>
                {CONTACT_TOPICS.map((topic) => (
                  <SelectItem key={topic} value={topic}>
                    {topic}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="contact-topic" error={errors.topic?.message} />
      </div>

      <TextareaField
        id="contact-message"
        label="Message"
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        placeholder="How can we help?"
        error={errors.message?.message}
        {...register('message')}
      />

      {/* People never see this field; bots that fill in every input do, and their message is dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...register(CONTACT_HONEYPOT_FIELD)} />
      </div>

      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id="contact-consent"
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('contact-consent', { error: errors.consent?.message })}
            {...register('consent')}
          />
          <label htmlFor="contact-consent" className="text-sm leading-6 text-gray-700">
            {CONSENT_LEAD}
            <Link to="/privacy" className="font-medium text-indigo-700 underline underline-offset-4">
              {CONSENT_LINKED}
            </Link>
          </label>
        </div>
        <FieldError id="contact-consent" error={errors.consent?.message} />
      </div>

      <SubmitButton pending={isSubmitting}>Send Message</SubmitButton>
    </form>
  );
}
