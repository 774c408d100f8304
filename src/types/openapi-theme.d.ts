// docusaurus-theme-openapi-docs ships no module declarations for the components we wrap.
declare module '@theme/ApiExplorer/CodeTabs' {
  import type {ReactNode} from 'react';

  export interface Props {
    groupId?: string;
    children?: ReactNode;
    [prop: string]: unknown;
  }
  export type CodeTabsProps = Props;
  export default function CodeTabs(props: Props): ReactNode;
}

declare module '@theme-original/ApiExplorer/CodeTabs' {
  export {default} from '@theme/ApiExplorer/CodeTabs';
}

declare module '@theme/SchemaTabs' {
  import type {ReactNode} from 'react';

  export interface SchemaTabsProps {
    groupId?: string;
    children?: ReactNode;
    [prop: string]: unknown;
  }
  export default function SchemaTabs(props: SchemaTabsProps): ReactNode;
}

declare module '@theme-original/SchemaTabs' {
  export {default} from '@theme/SchemaTabs';
}
