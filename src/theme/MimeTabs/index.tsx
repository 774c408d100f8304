// Wrapped: media-type tabs render only the selected media type.
import type {ComponentProps, ReactNode} from 'react';
import MimeTabs from '@theme-original/MimeTabs';

export default function LazyMimeTabs(props: ComponentProps<typeof MimeTabs>): ReactNode {
  return <MimeTabs {...props} lazy />;
}
