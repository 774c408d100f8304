/**
 * The reader's sample language follows them: tab sets of code samples read it from the URL's
 * `lang` parameter (`<Tabs queryString>`), and this keeps that parameter on every page the reader
 * goes to next, so a choice made once holds on every page, after navigation and after a reload,
 * with nothing in browser storage (spec 7).
 */
import {useEffect} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import {sampleLanguageParameter} from '@site/config/site-constants';
import {searchWithLanguage} from './url';

/** The last language the reader chose in this tab of the browser; module state outlives a layout's remount between sections. */
let chosen: string | null = null;

export function useSampleLanguageFollowsReader(): void {
  const location = useLocation();
  const history = useHistory();
  useEffect(() => {
    const current = new URLSearchParams(location.search).get(sampleLanguageParameter);
    if (current) {
      chosen = current;
      return;
    }
    const search = searchWithLanguage(location.search, chosen);
    if (search) history.replace({...location, search});
  }, [location, history]);
}
