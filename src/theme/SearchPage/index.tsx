// Wrapped: the search plugin's results page has no <main>; the Layout wrapper adds it when asked here.
import type {ReactNode} from 'react';
import SearchPage from '@theme-original/SearchPage';
import {NeedsMainLandmark} from '@site/src/components/MainLandmark';

export default function SearchPageWithMainLandmark(): ReactNode {
  return (
    <NeedsMainLandmark.Provider value>
      <SearchPage />
    </NeedsMainLandmark.Provider>
  );
}
