import { Component, type ReactNode } from 'react';
import { GlobalErrorScreen } from './error-screens.tsx';

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches what the routes' own error screens cannot (e.g. a broken router). */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <GlobalErrorScreen error={this.state.error} /> : this.props.children;
  }
}
