import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { RequireSession } from '@/web/app/require-session';
import { PageHeading } from '@/web/components/page-heading';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function DashboardContent() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <PageHeading
        title="Dashboard"
        subtitle="Manage your forms and track conversions"
        actions={
          <Button asChild>
            <Link to="/page-creator">
              <Plus />
              Create New Form
            </Link>
          </Button>
        }
      />
      <Card className="mt-8">
        <CardContent className="p-8 text-center text-gray-700">
          Your forms, leads and conversion statistics will appear here in a later release.
        </CardContent>
      </Card>
    </div>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <RequireSession>
      <DashboardContent />
    </RequireSession>
  );
}
