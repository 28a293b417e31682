import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screens.tsx';

interface State {
  error: unknown;
  failed: boolean;
}

/**
 * A screen that failed shows 'Something went wrong' (or 'Configuration Error') instead of a blank page;
 * `whole` around the whole app, the last line of defence (e.g. a broken router).
 */
export class ErrorBoundary extends Component<{ children: ReactNode; whole?: boolean }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorScreen error={this.state.error} whole={this.props.whole ?? false} />;
  }
}
