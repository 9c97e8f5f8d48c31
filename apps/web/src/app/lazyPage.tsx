import { lazy, Suspense, type ComponentType } from 'react';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';

/** Spec section 9: a chunk may take up to 120 s to load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

function withTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Chunk load timed out')), CHUNK_LOAD_TIMEOUT_MS);
    load().then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

// Plain markup, not antd Spin: this fallback is part of the /login bundle.
function PageLoading() {
  return <div aria-busy="true" style={{ minHeight: 200 }} />;
}

/** A lazily loaded page: one retry on a failed import, then the error boundary offers a reload. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(() => withTimeout(load).catch(() => withTimeout(load)));
  return function LazyPage() {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  };
}
