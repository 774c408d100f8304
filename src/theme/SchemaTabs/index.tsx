// Wrapped (spec 7): the schema and example tabs keep their choice in memory, not in local storage, and render only the selected tab.
import type {ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import type {SchemaTabsProps} from '@theme/SchemaTabs';

export default function SchemaTabsWithoutStorage({groupId: _groupId, ...props}: SchemaTabsProps): ReactNode {
  return <SchemaTabs {...props} lazy />;
}
