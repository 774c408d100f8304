// Wrapped: the search plugin's results page has no <main>; the Layout wrapper adds it when asked here.
// And it loses the query of a page opened at /search?q=…: during hydration its query hook reads no
// query (the server had none), and the page's first effect writes that empty query into the URL
// before the hook can read the real one. The query is put back, so the page then searches for it.
// Above the results it says which docs version it searches, with a link to search the other one.
import {useEffect, useMemo, useState, type ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {useHistory} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {NeedsMainLandmark} from '@site/src/components/MainLandmark';
import SearchedVersion from '@site/src/components/SearchedVersion';

export default function SearchPageWithMainLandmark(): ReactNode {
  const history = useHistory();
  const isBrowser = useIsBrowser();
  // Read in the first render in the browser, which is hydration only when useIsBrowser is still false.
  const [searchAtHydration] = useState(() => (!isBrowser && typeof window !== 'undefined' ? window.location.search : ''));
  const mainLandmark = useMemo(() => ({lead: <SearchedVersion />}), []);
  useEffect(() => {
    // Runs after the plugin page's own effects (a parent's effects follow its children's).
    if (searchAtHydration && window.location.search !== searchAtHydration) {
      history.replace({search: searchAtHydration, hash: window.location.hash});
    }
    // Once, after the first commit: later changes of the query are the reader's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <NeedsMainLandmark.Provider value={mainLandmark}>
      <SearchPage />
    </NeedsMainLandmark.Provider>
  );
}
