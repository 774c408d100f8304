/**
 * "Copy page as Markdown" and a link to the page's Markdown twin, for readers who paste docs into
 * an AI assistant or another tool. Plain markup on first load: everything the button does,
 * messages included, is imported on click (./copy.ts), so the row costs a page a few hundred bytes
 * until it is used. It keeps nothing in browser storage.
 */
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {markdownTwinPath} from '@site/src/lib/markdown-twin-path';
import {copyPageLabels, copyPageStatusId} from './labels';

export default function CopyPageMarkdown(): ReactNode {
  const markdownUrl = markdownTwinPath(useLocation().pathname);
  return (
    // Keyed by page, so a status from the previous page never shows on the next.
    <div key={markdownUrl} className="copy-page-markdown margin-bottom--md">
      <button
        type="button"
        className="button button--sm button--outline button--secondary"
        onClick={(event) => {
          const row = event.currentTarget.parentElement!;
          void import('./copy').then(({copyPage}) => copyPage(row, markdownUrl));
        }}
      >
        {copyPageLabels.copy}
      </button>{' '}
      <a href={markdownUrl} className="button button--sm button--link">
        {copyPageLabels.view}
      </a>{' '}
      <span id={copyPageStatusId} role="status" />
    </div>
  );
}
