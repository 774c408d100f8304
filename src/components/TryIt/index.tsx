/**
 * The "Try it" button of an operation page. The console behind it, and the sandbox simulator its
 * worker runs, are fetched from the site only when a reader opens it (./Console, /assets/try-it/),
 * so a page carries this button and nothing more.
 */
import {useState, type ReactNode} from 'react';
import type {CodeSample} from '@site/src/lib/openapi/operation-summary';
import {useConsole} from './load-console';
import styles from './styles.module.css';

type Props = {
  method: string;
  /** The operation's path template, as in the OpenAPI file. */
  path: string;
  /** Receives the page's samples rendered from the reader's edit, and undefined when the console closes. */
  onSamples: (samples: CodeSample[] | undefined) => void;
};

export default function TryIt({method, path, onSamples}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const Console = useConsole(open);
  return (
    <div className={styles.tryIt}>
      <button
        type="button"
        className="button button--primary button--sm"
        aria-expanded={open}
        onClick={() => {
          if (open) onSamples(undefined);
          setOpen(!open);
        }}
      >
        {open ? 'Close the console' : 'Try it'}
      </button>
      {open && !Console ? (
        <p role="status" className={styles.loading}>
          Loading the console…
        </p>
      ) : null}
      {open && Console ? <Console method={method} path={path} onSamples={onSamples} /> : null}
    </div>
  );
}
