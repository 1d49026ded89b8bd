import { BookOpen, LifeBuoy, Mail } from 'lucide-react';
import { Link, useSearchParams } from '@/web/lib/router';
import { CONTACT_TOPIC_SLUGS, CONTACT_TOPICS } from '@/domain/contact';
import { Card, CardContent } from '@/web/components/ui/card';
import { InfoPageLayout } from '@/web/features/info-pages';
import { useSupportEmail } from '@/web/lib/site';
import { ContactForm } from './contact-form';

export function ContactPage() {
  const [params] = useSearchParams();
  // ?topic=sales (from 'Contact Sales'), ?topic=template, ?topic=privacy… preselect the topic.
  const initialTopic = CONTACT_TOPIC_SLUGS[params.get('topic') ?? ''] ?? CONTACT_TOPICS[0];
  const supportEmail = useSupportEmail();
  return (
    <InfoPageLayout
      wide
      title="Contact Us"
      description="Questions, sales, support, a privacy request or a template idea: send us a message and we will reply by email."
    >
      <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="pt-6 sm:p-8">
            <h2 className="text-xl font-semibold text-gray-900">Send us a message</h2>
            <p className="mt-1 mb-6 text-sm text-gray-700">All fields are required. We reply to the email address you give.</p>
            <ContactForm key={initialTopic} initialTopic={initialTopic} />
          </CardContent>
        </Card>
        <aside aria-labelledby="contact-other-ways" className="space-y-6 text-sm text-gray-700">
          <h2 id="contact-other-ways" className="text-base font-semibold text-gray-900">
            Other ways to get help
          </h2>
          <div className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <p>
              <span className="block font-medium text-gray-900">Email</span>
              {supportEmail ? (
                <a href={`mailto:${supportEmail}`} className="font-medium text-indigo-700 underline underline-offset-4">
                  {supportEmail}
                </a>
              ) : (
                'Our support address'
              )}
            </p>
          </div>
          <div className="flex gap-3">
            <LifeBuoy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <p>
              <span className="block font-medium text-gray-900">Help Center</span>
              Answers to common questions in the{' '}
              <Link to="/help" className="font-medium text-indigo-700 underline underline-offset-4">
                Help Center
              </Link>
              .
            </p>
          </div>
          <div className="flex gap-3">
            <BookOpen aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-600" />
            <p>
              <span className="block font-medium text-gray-900">Documentation</span>
              Step-by-step guides in the{' '}
              <Link to="/docs" className="font-medium text-indigo-700 underline underline-offset-4">
                documentation
              </Link>
              .
            </p>
          </div>
          <p>
            Your message is stored so that we can answer it, as our{' '}
            <Link to="/privacy" className="font-medium text-indigo-700 underline underline-offset-4">
              Privacy Policy
            </Link>{' '}
            explains.
          </p>
        </aside>
      </div>
    </InfoPageLayout>
  );
}
