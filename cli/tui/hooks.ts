/** Small hooks the screens share. */
import { useEffect, useState } from 'react';

export type Loadable<T> = { readonly state: 'loading' } | { readonly state: 'ready'; readonly value: T } | { readonly state: 'failed'; readonly error: string };

/** Runs a promise-returning loader once per key; the result as loading/ready/failed. */
export function useLoad<T>(load: (() => Promise<T>) | undefined, key: unknown): Loadable<T> {
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });
  useEffect(() => {
    if (!load) return;
    let live = true;
    setResult({ state: 'loading' });
    load().then(
      (value) => live && setResult({ state: 'ready', value }),
      (error: unknown) => live && setResult({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return result;
}
