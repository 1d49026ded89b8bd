import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error screen; standalone because the layout itself may be what failed. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4">
      <div className="max-w-lg text-center">
        <h1 className="text-2xl font-bold text-gray-900">Unexpected Application Error!</h1>
        <p className="mt-3 text-gray-700">{describe(error)}</p>
        <a href="/" className="mt-6 inline-block font-semibold text-indigo-700 underline underline-offset-4">
          Return to Home
        </a>
      </div>
    </main>
  );
}
