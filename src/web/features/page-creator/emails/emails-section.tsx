import { useQuery } from '@tanstack/react-query';
import {
  EMAIL_COPY_LIMITS,
  emailCopyErrors,
  emailWordingIn,
  PLACEHOLDER_HELP,
  placeholdersFor,
  SAMPLE_EMAIL_VALUES,
  type EmailCopyFields,
  type EmailWording,
  type EmailWordingKey,
  type VisitorEmail,
} from '@/domain/email-copy';
import type { EmailPreview, EmailPreviewBody, EmailTestSent } from '@/domain/email-copy-api';
import { DEFAULT_EMAIL_COPY, type FormConfig } from '@/domain/form-config';
import { loadCatalogue } from '@/domain/i18n/catalogues';
import { ENGLISH_CATALOGUE, englishT } from '@/domain/i18n/english';
import { DEFAULT_LANGUAGE, isLanguage } from '@/domain/i18n/languages';
import { translator, type Translate } from '@/domain/i18n/translate';
import { TextareaField, TextField } from '@/web/components/text-field';
import { apiFetch } from '@/web/lib/api';
import { EmailTryOut } from './email-try-out';
import type { EditorErrors } from '@/web/features/page-creator/editor/editor-model';

type EmailsSectionProps = {
  config: FormConfig;
  errors: EditorErrors;
  onChange: (patch: Partial<FormConfig>) => void;
};

const EMAILS: Record<VisitorEmail, { title: string; subject: EmailWordingKey; text: EmailWordingKey; fixed: string }> = {
  confirm: {
    title: 'Confirmation email',
    subject: 'confirmSubject',
    text: 'confirmText',
    fixed: 'Below your text the email always shows the 6-digit code, a “Confirm my email” button and the link to paste.',
  },
  delivery: {
    title: 'Download email',
    subject: 'deliverySubject',
    text: 'deliveryText',
    fixed: 'Below your text the email always shows the download button and how long its link works.',
  },
};

const postJson = <T,>(path: string, body: EmailPreviewBody) => apiFetch<T>(path, { method: 'POST', json: body });

/** Lodestone's words in the page's language, once its catalogue (a chunk of its own) has loaded; English until then. */
export function useEmailWords(language: string | undefined): Translate {
  const code = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const loaded = useQuery({
    queryKey: ['email-words', code],
    queryFn: async () => translator(code, await loadCatalogue(code), ENGLISH_CATALOGUE),
    enabled: code !== DEFAULT_LANGUAGE,
    staleTime: Infinity,
  });
  return code === DEFAULT_LANGUAGE ? englishT : (loaded.data ?? englishT);
}

/**
 * The emails a visitor gets, in the owner's words (src/domain/email-copy.ts): who they come from,
 * where replies go, and each email's subject and text, with a preview rendered by the server's own
 * templates and a test sent to the owner. Empty inputs keep Lodestone's wording in the page's language,
 * shown as their placeholders.
 */
export function EmailsSection({ config, errors, onChange }: EmailsSectionProps) {
  const words = useEmailWords(config.language);
  // Drafts kept from before pages had email settings have none.
  const copy: EmailCopyFields = config.emails ?? DEFAULT_EMAIL_COPY;
  const live = emailCopyErrors(copy);
  const errorOf = (key: keyof EmailCopyFields) => errors[`emails.${key}`] ?? live[`emails.${key}`];
  const set = (key: keyof EmailCopyFields, value: string) => onChange({ emails: { ...copy, [key]: value } });

  return (
    <section aria-labelledby="creator-emails-heading" className="grid gap-5 border-t border-gray-200 pt-5">
      <div className="grid gap-1">
        <h2 id="creator-emails-heading" className="text-base font-semibold text-gray-900">
          Emails to visitors
        </h2>
        <p className="text-sm text-gray-600">
          Write the emails your visitors get in your own words. Leave a box empty to keep the wording shown in it.
        </p>
      </div>
      <TextField
        id="creator-email-sender-name"
        label="Sender name"
        hint="The name your visitors see the emails come from. The address stays Lodestone’s sending address."
        placeholder={config.businessName.trim() || 'Your business name'}
        maxLength={EMAIL_COPY_LIMITS.senderName}
        autoComplete="off"
        value={copy.senderName}
        error={errorOf('senderName')}
        onChange={(event) => set('senderName', event.target.value)}
      />
      <TextField
        id="creator-email-reply-to"
        label="Reply-To address"
        hint="Where your visitors’ replies go. Left empty, replies go to the email address of this workspace’s owner."
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="Your account email"
        maxLength={EMAIL_COPY_LIMITS.replyTo}
        value={copy.replyTo}
        error={errorOf('replyTo')}
        onChange={(event) => set('replyTo', event.target.value)}
      />
      <div className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-sm text-gray-700">
        <p className="font-medium text-gray-900">Placeholders you can use</p>
        <ul className="mt-1 grid gap-0.5" aria-label="Placeholders you can use">
          {Object.entries(PLACEHOLDER_HELP).map(([name, help]) => (
            <li key={name}>
              <code className="rounded bg-white px-1 font-mono text-xs text-gray-900">{`{${name}}`}</code>: {help}
            </li>
          ))}
        </ul>
      </div>
      {(['confirm', 'delivery'] as const).map((email) => (
        <EmailWords
          key={email}
          email={email}
          config={config}
          copy={copy}
          wording={emailWordingIn(words)}
          sampleFirstName={words('preview.email.sampleFirstName')}
          errorOf={errorOf}
          set={set}
        />
      ))}
    </section>
  );
}

type EmailWordsProps = {
  email: VisitorEmail;
  config: FormConfig;
  copy: EmailCopyFields;
  /** Lodestone's wording in the page's language: what a part left empty says. */
  wording: EmailWording;
  /** The first name the preview shows, in the page's language. */
  sampleFirstName: string;
  errorOf: (key: keyof EmailCopyFields) => string | undefined;
  set: (key: keyof EmailCopyFields, value: string) => void;
};

function EmailWords({ email, config, copy, wording, sampleFirstName, errorOf, set }: EmailWordsProps) {
  const { title, subject, text, fixed } = EMAILS[email];
  const id = `creator-email-${email}`;
  const usable = placeholdersFor(subject)
    .map((name) => `{${name}}`)
    .join(' ');
  return (
    <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      {email === 'confirm' ? (
        <p className="text-sm text-gray-600">
          {config.doubleOptIn
            ? 'Sent when a visitor signs up, because double opt-in is on: they confirm their address with it.'
            : 'Only sent while double opt-in is on (it is off for this page), so these settings have no effect now.'}
        </p>
      ) : (
        <p className="text-sm text-gray-600">
          Sent with the file once the visitor has confirmed (or at once without double opt-in).
        </p>
      )}
      <TextField
        id={`${id}-subject`}
        label={`${title} subject`}
        hint={`Placeholders: ${usable}`}
        placeholder={wording[subject]}
        maxLength={EMAIL_COPY_LIMITS.subject}
        autoComplete="off"
        value={copy[subject]}
        error={errorOf(subject)}
        onChange={(event) => set(subject, event.target.value)}
      />
      <TextareaField
        id={`${id}-text`}
        label={`${title} text`}
        hint={
          <>
            Plain text: a blank line starts a new paragraph. {fixed}
            {copy[text].trim() === '' && (
              <>
                {' '}
                <button
                  type="button"
                  className="font-semibold text-indigo-700 underline underline-offset-4"
                  onClick={() => set(text, wording[text])}
                >
                  Start from this wording
                </button>
              </>
            )}
          </>
        }
        placeholder={wording[text]}
        maxLength={EMAIL_COPY_LIMITS.text}
        rows={4}
        value={copy[text]}
        error={errorOf(text)}
        onChange={(event) => set(text, event.target.value)}
      />
      <EmailTryOut
        name={`the ${EMAILS[email].title.toLowerCase()}`}
        body={{
          email,
          businessName: config.businessName,
          leadMagnetName: config.leadMagnetName,
          emails: copy,
          // The emails carry the page's colour and logo, as the visitors' will.
          design: { brandColor: config.design.brandColor, logo: config.design.logo },
          // Lodestone's words in them speak the page's language.
          language: config.language,
        }}
        preview={(sent) => postJson<EmailPreview>('/api/forms/email-preview', sent)}
        test={(sent) => postJson<EmailTestSent>('/api/forms/email-test', sent)}
        subjectTestId={`${email}-preview-subject`}
        note={`With sample values: first name ${sampleFirstName}${email === 'confirm' ? `, code ${SAMPLE_EMAIL_VALUES.code}` : ''}.`}
      />
    </fieldset>
  );
}
