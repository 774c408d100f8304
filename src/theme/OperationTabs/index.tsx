// Wrapped: callback tabs render only the selected callback.
import type {ComponentProps, ReactNode} from 'react';
import OperationTabs from '@theme-original/OperationTabs';

export default function LazyOperationTabs(props: ComponentProps<typeof OperationTabs>): ReactNode {
  return <OperationTabs {...props} lazy />;
}
