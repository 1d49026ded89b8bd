import { Link } from '@/web/lib/router';
import { Card, CardContent } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { authClient } from '@/web/lib/auth-client';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useRedirectAfterAuth } from './use-redirect-after-auth';

type AuthCardProps = {
  defaultTab?: 'signin' | 'signup';
  /** Called once signed in; by default goes to the `redirect` query path or the dashboard. */
  onSignedIn?: () => void | Promise<void>;
};

/** The card of docs/product.md#sign-in-gate: Sign In and Sign Up tabs, then links to the terms and privacy policy. */
export function AuthCard({ defaultTab = 'signin', onSignedIn }: AuthCardProps) {
  const redirectAfterAuth = useRedirectAfterAuth();
  const { refetch: refetchSession } = authClient.useSession();

  // better-auth refreshes the session only 10 ms after sign-in; fetch it now so that the next
  // screen (e.g. the dashboard's session check) does not see the signed-out state.
  const done = async () => {
    await refetchSession();
    await (onSignedIn ?? redirectAfterAuth)();
  };

  return (
    <Card className="w-full shadow-lg shadow-indigo-100">
      <CardContent className="p-6 sm:p-8">
        <Tabs defaultValue={defaultTab}>
          <TabsList className="w-full" aria-label="Sign in or create an account">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin" className="mt-6">
            <SignInForm onSignedIn={done} />
          </TabsContent>
          <TabsContent value="signup" className="mt-6">
            <SignUpForm onSignedIn={done} />
          </TabsContent>
        </Tabs>
        <p className="mt-6 text-center text-sm leading-6 text-gray-600">
          By continuing, you agree to our{' '}
          <Link to="/terms" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
      </CardContent>
    </Card>
  );
}
