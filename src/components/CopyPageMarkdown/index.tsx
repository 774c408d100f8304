/**
 * "Copy page as Markdown" and a link to the page's Markdown twin, for readers who paste docs into
 * an AI assistant or another tool. Plain markup on first load: the copying code is imported on
 * click (./copy.ts), so the button costs the page almost nothing until it is used. It keeps
 * nothing in browser storage; the outcome is announced through a status region.
 */
import {useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {markdownTwinPath} from '@site/src/lib/markdown-twin-path';
import {copyPageLabels as labels} from './labels';

type Status = 'copying' | 'copied' | 'failed';

export default function CopyPageMarkdown(): ReactNode {
  const markdownUrl = markdownTwinPath(useLocation().pathname);
  const [status, setStatus] = useState<Status | undefined>();
  const copy = () => {
    // Not disabled while copying: a disabled button would drop the keyboard focus.
    if (status === 'copying') return;
    setStatus('copying');
    import('./copy')
      .then(({copyMarkdown}) => copyMarkdown(markdownUrl))
      .then(
        () => setStatus('copied'),
        () => setStatus('failed'),
      );
  };
  return (
    <div className="copy-page-markdown margin-bottom--md">
      <button type="button" className="button button--sm button--outline button--secondary" onClick={copy}>
        {labels.copy}
      </button>{' '}
      <a href={markdownUrl} className="button button--sm button--link" type="text/markdown">
        {labels.view}
      </a>{' '}
      <span role="status">{status ? labels[status] : ''}</span>
    </div>
  );
}
