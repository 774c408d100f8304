// Stands in for theme-common's utils/reactUtils (src/plugins/hydrate-in-place): the same hooks, with a key sort that needs no ICU collator.
import {useMemo} from 'react';

export * from '@tessera/theme-common-react-utils';

/**
 * theme-common's version sorts the object's keys with `localeCompare`. The first `localeCompare`
 * of a page builds an ICU collator, about 20 ms of main thread on this machine (80 ms on a
 * throttled phone), and code blocks and the docs sidebar call this hook while hydrating. The keys
 * are option and prop names, so comparing code units orders them just as well.
 */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj);
  deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the dependencies are the object's entries.
  return useMemo(() => obj, deps.flat());
}
