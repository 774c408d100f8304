// Replaced: the theme's version puts SchemaItem's <div>s straight into a <ul>; here each header is a list item. No prop or wrapper reaches inside that <ul>.
import type {ReactNode} from 'react';
import SchemaItem from '@theme/SchemaItem';
import {getSchemaName} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

type Header = {description?: string; example?: string; schema?: {type?: string; format?: string}};

export default function ResponseHeaders({responseHeaders}: {responseHeaders?: Record<string, Header>}): ReactNode {
  if (!responseHeaders) return null;
  return (
    <ul style={{marginLeft: '1rem'}}>
      {Object.entries(responseHeaders).map(([name, header]) => (
        // No top padding: the theme's 5px for list items in its sections would break its tree line.
        <li key={name} style={{paddingTop: 0}}>
          {/* As the theme does: the header object itself is the item's schema (its description, example and type). */}
          <SchemaItem name={name} collapsible={false} schemaName={getSchemaName(header)} schema={header} discriminator={false} />
        </li>
      ))}
    </ul>
  );
}
