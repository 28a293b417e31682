import { Component, type ReactNode } from 'react';
import { RouteErrorScreen } from './error-screens.tsx';

interface State {
  error: unknown;
  failed: boolean;
}

/** A screen that failed shows 'Something went wrong' (or 'Configuration Error') instead of a blank page. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
