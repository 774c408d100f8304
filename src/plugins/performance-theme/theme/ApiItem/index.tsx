// Replaced: the theme's ApiItem inflates the whole operation (pako, Redux) for its request builder; ours reads the generator's summary and server-renders the request samples.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import type {Props} from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import ApiItemLayout from '@theme/ApiItem/Layout';
import RequestSamples from '@site/src/theme/ApiExplorer';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import {isOperationSummary, requestSamplesFileOf, requestSamplesOf, type OperationSummary} from '@site/src/lib/openapi/operation-summary';
import {OperationViewProvider, initialOperationView} from './hooks';

function operationOf(frontMatter: Record<string, unknown>, id: string): OperationSummary {
  if (!isOperationSummary(frontMatter.api)) throw new Error(`${id} has no operation summary in its front matter: run npm run gen-api`);
  return frontMatter.api;
}

export default function ApiItem({content: MDXComponent}: Props): ReactNode {
  const {metadata} = MDXComponent;
  const operation = operationOf(MDXComponent.frontMatter as Record<string, unknown>, metadata.id);
  return (
    <DocProvider content={MDXComponent}>
      <HtmlClassNameProvider className={`docs-doc-id-${metadata.id}`}>
        <DocItemMetadata />
        <ApiItemLayout>
          <OperationViewProvider initialState={initialOperationView(operation.accept, operation.contentTypes)}>
            <SchemaExpansionProvider>
              <div className={clsx('row', 'theme-api-markdown')}>
                <div className="col col--7 openapi-left-panel__container">
                  <MDXComponent />
                </div>
                <div className="col col--5 openapi-right-panel__container">
                  <RequestSamples
                    item={{'x-codeSamples': requestSamplesOf(MDXComponent), method: operation.method, path: operation.path}}
                    samplesFile={requestSamplesFileOf(MDXComponent)}
                  />
                </div>
              </div>
            </SchemaExpansionProvider>
          </OperationViewProvider>
        </ApiItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
