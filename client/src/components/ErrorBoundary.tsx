import { Component, type ReactNode } from 'react';

type Props = {
  fallback: ReactNode;
  children: ReactNode;
  /** Tries the subtree again once this changes after a failure (a new search after one that failed). */
  resetKey?: unknown;
};

/** Renders `fallback` instead of a subtree that threw (e.g. an optional query that failed). */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
