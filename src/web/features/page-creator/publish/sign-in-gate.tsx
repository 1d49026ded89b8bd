import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AuthCard } from '@/web/features/auth';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';

type SignInGateProps = {
  /** Called once signed in or signed up: publishing continues from here. */
  onSignedIn: () => Promise<void>;
  onBack: () => void;
};

export const GATE_TITLE = 'Sign in to publish your page';

/** docs/product.md#sign-in-gate: shown instead of the editor when a signed-out owner publishes. */
export function SignInGate({ onSignedIn, onBack }: SignInGateProps) {
  useDocumentTitle(GATE_TITLE, 'Sign in or create an account to publish your landing page.');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The editor is gone from under the keyboard focus: start from the gate's heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="flex flex-1 justify-center bg-gradient-to-b from-indigo-50 to-white px-4 py-12 sm:py-16">
      <div className="w-full max-w-md">
        <Button type="button" variant="ghost" size="sm" className="mb-4 -ml-3" onClick={onBack}>
          <ArrowLeft />
          Back to the editor
        </Button>
        <div className="mb-8 text-center">
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight text-gray-900 focus:outline-none">
            {GATE_TITLE}
          </h1>
          <p className="mt-2 text-gray-700">Create an account or sign in to publish your landing page</p>
        </div>
        <AuthCard defaultTab="signin" onSignedIn={onSignedIn} />
        <p className="mt-4 text-center text-sm text-gray-600">Your page is saved in this browser while you sign in.</p>
      </div>
    </div>
  );
}
