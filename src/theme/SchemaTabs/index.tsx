// Wrapped (spec 7): without a groupId the schema variant tabs keep their choice in memory, not in local storage.
import type {ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import type {SchemaTabsProps} from '@theme/SchemaTabs';

export default function SchemaTabsWithoutStorage({groupId: _groupId, ...props}: SchemaTabsProps): ReactNode {
  return <SchemaTabs {...props} />;
}
