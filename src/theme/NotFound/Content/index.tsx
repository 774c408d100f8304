// Wrapped (spec 8): the built-in not-found text stays; readers also get ways back.
import type {ReactNode} from 'react';
import NotFoundContent from '@theme-original/NotFound/Content';
import type NotFoundContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import Head from '@docusaurus/Head';
import useIsBrowser from '@docusaurus/useIsBrowser';
import WaysBack from '@site/src/components/WaysBack';

type Props = WrapperProps<typeof NotFoundContentType>;

export default function NotFoundContentWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  // The build renders this page once, as 404.html, for every missing path: its HTML cannot know
  // the path, so the first render in the browser (hydration) must not either. The ways back that
  // depend on the path appear in the render right after.
  const isBrowser = useIsBrowser();
  return (
    <>
      {/* Search results and shared links show this page too; say what it offers. */}
      <Head>
        <meta
          name="description"
          content="This Tessera Docs page does not exist. Search the docs, open the guides of its docs version, or start again from the home page."
        />
      </Head>
      <NotFoundContent {...props} />
      <WaysBack pathname={isBrowser ? pathname : undefined} />
    </>
  );
}
