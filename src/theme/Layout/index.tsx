// Wrapped: gives a main landmark to pages that render none, when they ask for it through NeedsMainLandmark, and keeps the reader's sample language in the URL from page to page.
import {useContext, type ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {NeedsMainLandmark} from '@site/src/components/MainLandmark';
import {useSampleLanguageFollowsReader} from '@site/src/components/SampleLanguage';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWithMainLandmark({children, ...props}: Props): ReactNode {
  const needsMain = useContext(NeedsMainLandmark);
  useSampleLanguageFollowsReader();
  return (
    <Layout {...props}>
      {needsMain ? (
        <main>
          {needsMain.lead}
          {children}
        </main>
      ) : (
        children
      )}
    </Layout>
  );
}
