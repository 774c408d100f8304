// Wrapped: a response's status-code tabs render only the selected code, so the page holds one response's schema, not all of them.
import type {ComponentProps, ReactNode} from 'react';
import ApiTabs from '@theme-original/ApiTabs';

export default function LazyApiTabs(props: ComponentProps<typeof ApiTabs>): ReactNode {
  return <ApiTabs {...props} lazy />;
}
