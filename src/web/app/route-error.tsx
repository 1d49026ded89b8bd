import { Component, type ReactNode } from 'react';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The app's error screen; standalone because the layout itself may be what failed. */
export function RouteError({ error }: { error: unknown }) {
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

/**
 * Shows RouteError for anything a screen throws while rendering (a chunk that failed to load
 * included) instead of a blank page; a navigation elsewhere (`resetKey`) tries again.
 */
export class AppErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error?: unknown; at?: string }> {
  state: { error?: unknown; at?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error?: unknown; at?: string }) {
    if (state.error === undefined) return { at: props.resetKey };
    return state.at === props.resetKey ? null : { error: undefined, at: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}
