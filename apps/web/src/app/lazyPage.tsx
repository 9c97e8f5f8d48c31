import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';

/** Spec section 9: a chunk may take up to 120 s to load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type PageModule<P extends object> = { default: ComponentType<P> };

function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

// Plain markup, not antd Spin: this fallback is part of the /login bundle.
function PageLoading() {
  return <div aria-busy="true" style={{ minHeight: 200 }} />;
}

/** A lazily loaded page (or part of one, with its props); `preload()` fetches its code ahead of the navigation that shows it. */
export interface LazyPage<P extends object = object> {
  (props: P): React.JSX.Element;
  preload(): Promise<void>;
}

/** A lazily loaded page or part: one retry on a failed import, then the error boundary offers a reload. */
export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const loadOnce = () =>
    (loading ??= withTimeout(load)
      .catch(() => withTimeout(load))
      .then(
        (module) => {
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      ));
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    // Code already here renders at once: no fallback, and none of React's delay (up to 300 ms) before revealing a suspended page.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  function LazyPage(props: P) {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  return Object.assign(LazyPage, {
    preload: () =>
      loadOnce().then(
        () => undefined,
        () => undefined,
      ),
  });
}
