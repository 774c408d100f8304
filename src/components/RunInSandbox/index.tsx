/**
 * "Run in the sandbox" under a guide's request: opens the console with the step's request (its
 * path with the ids the visit made, its JSON), answered by the sandbox in the reader's browser in
 * the same state as every console of the visit, so a reader can walk the whole guide. The sample
 * tabs plugin (src/plugins/sample-tabs) puts one after each request a guide shows.
 */
import {useMemo, useState, type ReactNode} from 'react';
import {useConsole} from '@site/src/components/TryIt/load-console';
import styles from '@site/src/components/TryIt/styles.module.css';

type Props = {operation: string; title: string; body?: string};

export default function RunInSandbox({operation, title, body}: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const Console = useConsole(open);
  const step = useMemo(
    () => ({operationId: operation, title, ...(body === undefined ? {} : {body: JSON.parse(body) as unknown})}),
    [operation, title, body],
  );
  return (
    <div className={styles.tryIt}>
      <button type="button" className="button button--secondary button--sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Close the console' : 'Run in the sandbox'}
      </button>
      {open && !Console ? (
        <p role="status" className={styles.loading}>
          Loading the console…
        </p>
      ) : null}
      {open && Console ? <Console step={step} /> : null}
    </div>
  );
}
