import { PageHeading } from '@/web/components/page-heading';
import { Card, CardContent } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function PageCreatorPage() {
  useDocumentTitle('Create Landing Page');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeading title="Create Landing Page" subtitle="Build a high-converting landing page to collect leads" />
      <Card className="mt-8">
        <CardContent className="p-8 text-center text-gray-700">The page editor with live preview is on its way.</CardContent>
      </Card>
    </div>
  );
}
