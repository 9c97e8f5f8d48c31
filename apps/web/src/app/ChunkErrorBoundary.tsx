import { Component, type ReactNode } from 'react';
import { Button } from 'antd';
import i18n from '../i18n/index.ts';

interface State {
  failed: boolean;
}

/** Shows a reload offer when a page's code could not be loaded (plain markup: it is part of the /login bundle). */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Page failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" style={{ textAlign: 'center', padding: '120px 24px' }}>
        <p style={{ fontSize: 16, marginBottom: 24 }}>{i18n.t('common.loadFailed')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {i18n.t('common.reload')}
        </Button>
      </div>
    );
  }
}
