// Wrapped: discriminator tabs render only the selected variant.
import type {ComponentProps, ReactNode} from 'react';
import DiscriminatorTabs from '@theme-original/DiscriminatorTabs';

export default function LazyDiscriminatorTabs(props: ComponentProps<typeof DiscriminatorTabs>): ReactNode {
  return <DiscriminatorTabs {...props} lazy />;
}
