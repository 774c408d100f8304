// Wrapped (spec 7): without a groupId the sample-language tabs keep their choice in memory, not in local storage.
import type {ReactNode} from 'react';
import CodeTabs from '@theme-original/ApiExplorer/CodeTabs';
import type {Props} from '@theme/ApiExplorer/CodeTabs';

export default function CodeTabsWithoutStorage({groupId: _groupId, ...props}: Props): ReactNode {
  return <CodeTabs {...props} />;
}
