import { useState } from 'react';
import { Link } from '@/web/lib/router';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { useEndpoints, usePageOptions } from './api';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { EndpointItem } from './endpoint-item';

/** The workspace's outbound webhooks: endpoints, their secrets and their delivery logs (docs/decisions/0021). */
export function WebhooksSection() {
  const [adding, setAdding] = useState(false);
  const endpoints = useEndpoints();
  const forms = usePageOptions();
  const pageName = (formId: string | null) =>
    formId ? (forms.data?.items.find((f) => f.id === formId)?.name ?? 'a deleted page') : null;

  return (
    <Card role="region" className="grid min-w-0 gap-5 p-6" aria-labelledby="webhooks-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id="webhooks-title" className="text-lg font-semibold text-gray-900">
            Webhooks
          </h2>
          <p className="text-sm text-gray-600">
            Lodestone POSTs signed JSON to your URL when a lead signs up, confirms or is erased, a payment completes or is
            refunded, or a page is published. Failed deliveries are retried for about 3 days.{' '}
            <Link to="/docs/webhooks" className="text-indigo-700 underline underline-offset-4">
              How to verify them
            </Link>
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </div>
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <p className="text-sm text-red-700">{endpoints.error.message}</p>
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-gray-600">No endpoints yet.</p>
      ) : (
        <ul className="grid gap-4">
          {endpoints.data.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} pageName={pageName(endpoint.formId)} />
          ))}
        </ul>
      )}
      <AddEndpointDialog open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
