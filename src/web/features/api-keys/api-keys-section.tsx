import { Card } from '@/web/components/ui/card';

/** Placeholder until this section is built (issue 13). */
export function ApiKeysSection() {
  return (
    <Card className="grid gap-2 p-6">
      <h2 className="text-lg font-semibold text-gray-900">API keys</h2>
    </Card>
  );
}
