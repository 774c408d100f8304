// docusaurus-theme-openapi-docs and the search plugin ship no module declarations for the components we wrap or load.
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

declare module '@theme/SchemaItem' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/SchemaItem';
}

declare module '@theme/ApiItem' {
  import type {ReactNode} from 'react';
  import type {Props} from '@theme/DocItem';

  export default function ApiItem(props: Props): ReactNode;
}

declare module '@theme/ApiItem/Layout' {
  import type {ReactNode} from 'react';

  export default function ApiItemLayout(props: {children: ReactNode}): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type {ReactNode} from 'react';

  export function SchemaExpansionProvider(props: {children: ReactNode}): ReactNode;
}

declare module '@theme/CodeSamples' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/CodeSamples';
}

declare module '@theme/Markdown' {
  import type {ReactNode} from 'react';

  export default function Markdown(props: {children?: string}): ReactNode;
}

declare module '@theme-original/ResponseExamples' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ResponseExamples';
}

// @easyops-cn/docusaurus-search-local ships no module declarations for the component we wrap.
declare module '@theme-original/SearchPage' {
  import type {ReactNode} from 'react';

  export default function SearchPage(): ReactNode;
}
