// Wrapped: gives a main landmark to pages that render none, when they ask for it through NeedsMainLandmark.
import {useContext, type ReactNode} from 'react';
import Layout from '@theme-original/Layout';
import type LayoutType from '@theme/Layout';
import type {WrapperProps} from '@docusaurus/types';
import {NeedsMainLandmark} from '@site/src/components/MainLandmark';

type Props = WrapperProps<typeof LayoutType>;

export default function LayoutWithMainLandmark({children, ...props}: Props): ReactNode {
  const needsMain = useContext(NeedsMainLandmark);
  return <Layout {...props}>{needsMain ? <main>{children}</main> : children}</Layout>;
}
