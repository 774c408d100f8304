/**
 * A module the browser fetches the first time a component needs it (Prism, marked, the OpenAPI
 * theme's schema sampler), then shares with every component that asks. The `import()` stays with
 * the caller, which names the chunk and decides how it is fetched.
 */
import {useEffect, useState} from 'react';

/** Returns a hook: `useLoaded(needed)` gives the loaded value, and `needed` starts loading it. */
export function loadOnDemand<T>(load: () => Promise<T>): (needed: boolean) => T | undefined {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = (): Promise<T> =>
    (loading ??= load().then((value) => {
      loaded = value;
      return value;
    }));

  return function useLoaded(needed: boolean): T | undefined {
    const [value, setValue] = useState<T | undefined>(() => loaded);
    useEffect(() => {
      if (!needed || value) return undefined;
      let mounted = true;
      void start().then((result) => {
        if (mounted) setValue(() => result);
      });
      return () => {
        mounted = false;
      };
    }, [needed, value]);
    return value ?? loaded;
  };
}
