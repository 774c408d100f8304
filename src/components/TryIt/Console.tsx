/**
 * The "Try it" console: the page's request, prefilled from its example and the visit's objects,
 * edited as fields (path segments, headers) and as JSON (the body), checked against the file's
 * schemas as the reader types, and sent to the sandbox simulator in a worker of the reader's
 * browser (src/lib/try-it/worker.ts). Nothing is sent anywhere and nothing is stored: the visit's
 * state lives in that worker, which one console after another shares until the tab closes.
 */
import {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import * as Comlink from 'comlink';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {CodeSample} from '@site/src/lib/openapi/operation-summary';
import type {ConsoleAnswer, PreparedOperation, RequestIssue, TryItWorker} from '@site/src/lib/try-it/protocol';
import {bodyFields, fieldValue, withField, type BodyField} from '@site/src/lib/try-it/body-fields';
import {fillPath, idempotencyKeyOf, type ConsoleRequest, type VisitObject} from '@site/src/lib/try-it/request';
import {pathValues} from '@site/src/lib/try-it/operations';
import {statusText} from '@site/src/lib/try-it/status-text';
import styles from './console.module.css';

/** A guide's step: its operation, its `METHOD /path` title and the JSON it sends. */
export type GuideStep = {operationId: string; title: string; body?: unknown};

type Props = {
  /** The operation page's method and path template, or the guide's step. */
  method?: string;
  path?: string;
  step?: GuideStep;
  onSamples?: (samples: CodeSample[] | undefined) => void;
};

/** One worker for the whole visit: the module stays loaded across the site's page changes. */
let sharedWorker: Comlink.Remote<TryItWorker> | undefined;

function useWorker(): Comlink.Remote<TryItWorker> {
  // Content-hashed at build time (src/plugins/try-it-files), so served as immutable.
  const url = useBaseUrl(process.env.TESSERA_TRY_IT_WORKER!);
  sharedWorker ??= Comlink.wrap<TryItWorker>(new Worker(url, {type: 'module', name: 'tessera-try-it'}));
  return sharedWorker;
}

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const where = (issue: RequestIssue) =>
  issue.pointer.startsWith('header:')
    ? `Header ${issue.pointer.slice(7)}`
    : issue.pointer.startsWith('path:')
      ? `Path segment ${issue.pointer.slice(5)}`
      : issue.pointer === 'path'
        ? 'Path'
        : `Body ${issue.pointer}`;

export default function Console({method = '', path = '', step, onSamples}: Props): ReactNode {
  const worker = useWorker();
  const {pathname} = useLocation();
  const id = useId();
  const [prepared, setPrepared] = useState<PreparedOperation | null>();
  const [example, setExample] = useState(0);
  const [request, setRequest] = useState<ConsoleRequest>();
  // The Idempotency-Key the console made (not the reader): the samples make a fresh one for it.
  const [freshKey, setFreshKey] = useState<string>();
  const [bodyAs, setBodyAs] = useState<'json' | 'fields'>('json');
  const [issues, setIssues] = useState<RequestIssue[]>([]);
  const [answer, setAnswer] = useState<ConsoleAnswer>();
  const [sending, setSending] = useState(false);
  const [objects, setObjects] = useState<VisitObject[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const responseRef = useRef<HTMLElement>(null);

  const start = useCallback(
    async (chosen: number) => {
      const operation = step
        ? await worker.prepareStep(pathname, step.operationId, step.title, step.body)
        : await worker.prepare(pathname, method, path, chosen);
      setPrepared(operation ?? null);
      if (operation) {
        setRequest(operation.request);
        setFreshKey(idempotencyKeyOf(operation.request));
        setObjects(await worker.objects(operation.api));
      }
    },
    [worker, pathname, method, path, step],
  );

  useEffect(() => {
    start(0).catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [start]);

  // Focus goes to the console once it shows the request, and to the answer once it arrives.
  const ready = Boolean(prepared && request);
  useEffect(() => {
    if (ready) headingRef.current?.focus();
  }, [ready]);
  useEffect(() => {
    if (answer) responseRef.current?.focus();
  }, [answer]);

  // Checks the request and renders the samples again as the reader types.
  useEffect(() => {
    if (!prepared || !request) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void worker.check(prepared.api, prepared.operationId, request).then((found) => current && setIssues(found));
      if (onSamples)
        void worker.samples(prepared.api, prepared.operationId, request, freshKey).then((samples) => current && onSamples(samples));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [worker, prepared, request, freshKey, onSamples]);

  useEffect(() => () => onSamples?.(undefined), [onSamples]);

  if (failure && !prepared)
    return (
      <p role="alert" className={styles.loading}>
        The sandbox could not start in this browser: {failure}
      </p>
    );
  if (prepared === undefined || (prepared && !request))
    return (
      <p role="status" className={styles.loading}>
        Starting the sandbox…
      </p>
    );
  if (prepared === null)
    return (
      <p role="status" className={styles.loading}>
        The sandbox does not simulate this operation.
      </p>
    );
  const edited = request!;
  const values = pathValues(prepared.template, edited.path.split('?')[0]!);
  const query = edited.path.includes('?') ? edited.path.slice(edited.path.indexOf('?')) : '';
  const setValue = (name: string, value: string) =>
    setRequest({...edited, path: `${fillPath(prepared.template, {...values, [name]: value})}${query}`});
  const setHeader = (name: string, value: string) => setRequest({...edited, headers: {...edited.headers, [name]: value}});
  const idsOf = (name: string) => objects.filter((object) => name.toLowerCase().startsWith(object.kind.toLowerCase()));

  const send = async () => {
    setSending(true);
    setFailure(undefined);
    setAnnouncement('Sending…');
    try {
      const received = await worker.send(prepared.api, prepared.operationId, edited);
      setAnswer(received);
      setObjects(received.objects);
      setAnnouncement(
        `Response ${received.status} ${statusText(received.status)}${received.notifications.length ? `, ${received.notifications.length} notification${received.notifications.length > 1 ? 's' : ''}` : ''}.`,
      );
    } catch (error) {
      // A simulator bug, not an answer of the API: said as such, never shown as a response.
      setAnnouncement('');
      setFailure(`The sandbox failed to answer: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSending(false);
    }
  };

  const headerNames = Object.keys(edited.headers);
  return (
    <section className={styles.console} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
        Try {prepared.operationId} in the sandbox
      </h3>
      <p className={styles.note}>
        {prepared.stateful
          ? 'The sandbox runs in your browser: nothing is sent anywhere, and what you create stays until you close the tab or reset.'
          : 'A simulator of this file runs in your browser: it checks the request against the file’s schemas and answers with its documented example. Nothing is sent anywhere.'}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <p className={styles.requestLine}>
          <code>
            {edited.method} {edited.path}
          </code>
        </p>
        {prepared.examples.length > 1 && !step ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-example`}>Example</label>
            <select
              id={`${id}-example`}
              value={example}
              onChange={(event) => {
                const chosen = Number(event.target.value);
                setExample(chosen);
                void worker.prepare(pathname, method, path, chosen).then((operation) => {
                  if (!operation) return;
                  setRequest(operation.request);
                  setFreshKey(idempotencyKeyOf(operation.request));
                });
              }}
            >
              {prepared.examples.map((option, index) => (
                <option key={option.name} value={index}>
                  {option.summary ?? option.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {Object.keys(values).length ? (
          <fieldset className={styles.group}>
            <legend>Path</legend>
            {Object.entries(values).map(([name, value]) => (
              <div className={styles.field} key={name}>
                <label htmlFor={`${id}-path-${name}`}>{name}</label>
                <input
                  id={`${id}-path-${name}`}
                  value={value}
                  list={idsOf(name).length ? `${id}-ids-${name}` : undefined}
                  spellCheck={false}
                  autoComplete="off"
                  onChange={(event) => setValue(name, event.target.value)}
                />
                {idsOf(name).length ? (
                  <datalist id={`${id}-ids-${name}`}>
                    {idsOf(name).map((object) => (
                      <option key={object.id} value={object.id} />
                    ))}
                  </datalist>
                ) : null}
              </div>
            ))}
          </fieldset>
        ) : null}
        <fieldset className={styles.group}>
          <legend>Headers</legend>
          {headerNames.map((name) => (
            <div className={styles.field} key={name}>
              <label htmlFor={`${id}-header-${name}`}>{name}</label>
              <input
                id={`${id}-header-${name}`}
                value={edited.headers[name]}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => setHeader(name, event.target.value)}
              />
            </div>
          ))}
        </fieldset>
        {prepared.examples.length || edited.body ? (
          <fieldset className={styles.group}>
            <legend>Body</legend>
            <div className={styles.bodyAs}>
              <span id={`${id}-body-as`}>Edit as</span>
              <div role="radiogroup" aria-labelledby={`${id}-body-as`}>
                {(['json', 'fields'] as const).map((mode) => (
                  <label key={mode}>
                    <input type="radio" name={`${id}-body-as`} checked={bodyAs === mode} onChange={() => setBodyAs(mode)} />{' '}
                    {mode === 'json' ? 'JSON' : 'Fields'}
                  </label>
                ))}
              </div>
            </div>
            {bodyAs === 'json' ? (
              <div className={styles.field}>
                <label htmlFor={`${id}-body`}>
                  {prepared.bodyType === 'form' ? 'Body (the form’s fields as JSON; the samples send them form-encoded)' : 'Body (JSON)'}
                </label>
                <textarea
                  id={`${id}-body`}
                  className={styles.body}
                  value={edited.body}
                  rows={Math.min(18, Math.max(4, edited.body.split('\n').length))}
                  spellCheck={false}
                  aria-describedby={`${id}-issues`}
                  onChange={(event) => setRequest({...edited, body: event.target.value})}
                />
              </div>
            ) : (
              <BodyFieldsEditor id={id} body={edited.body} issues={issues} onChange={(body) => setRequest({...edited, body})} />
            )}
          </fieldset>
        ) : null}
        <div id={`${id}-issues`} className={styles.issues} aria-live="polite">
          {issues.length ? (
            <>
              <p>The sandbox will refuse this request:</p>
              <ul>
                {issues.map((issue) => (
                  <li key={`${issue.pointer} ${issue.code}`}>
                    <strong>{where(issue)}</strong> ({issue.code}): {issue.detail}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>The request matches the schema.</p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={sending}>
            Send
          </button>
          {prepared.parameters.some((parameter) => parameter.name.toLowerCase() === 'idempotency-key') ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                const name = headerNames.find((candidate) => candidate.toLowerCase() === 'idempotency-key') ?? 'Idempotency-Key';
                const key = crypto.randomUUID();
                setFreshKey(key);
                setHeader(name, key);
              }}
            >
              New Idempotency-Key
            </button>
          ) : null}
        </div>
      </form>
      {failure ? <p role="alert">{failure}</p> : null}
      <p className={styles.visuallyHidden} role="status">
        {announcement}
      </p>
      {answer ? (
        <section ref={responseRef} tabIndex={-1} className={styles.response} aria-labelledby={`${id}-response`}>
          <h4 id={`${id}-response`}>Response</h4>
          <p className={styles.status}>
            <strong>
              {answer.status} {statusText(answer.status)}
            </strong>
          </p>
          <h5>Headers</h5>
          <pre className={styles.pre} tabIndex={0}>
            {Object.entries(answer.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
          {answer.body ? (
            <>
              <h5>Body</h5>
              <pre className={styles.pre} tabIndex={0}>
                {pretty(answer.body)}
              </pre>
            </>
          ) : null}
          {answer.notifications.length ? (
            <>
              <h5>Notifications this request caused</h5>
              <ul className={styles.notifications}>
                {answer.notifications.map((notification) => (
                  <li key={notification.id}>
                    <p>
                      <code>{notification.type}</code> to{' '}
                      {notification.url ? <code>{notification.url}</code> : 'no URL (the session named none)'}
                    </p>
                    <pre className={styles.pre} tabIndex={0}>
                      {`Tessera-Signature: ${notification.signature}\n\n${pretty(notification.body)}`}
                    </pre>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
      {prepared.stateful ? (
        <details className={styles.visit}>
          <summary>This visit’s objects ({objects.length})</summary>
          {objects.length ? (
            <ul>
              {objects.map((object) => (
                <li key={`${object.kind} ${object.id}`}>
                  {object.kind} <code>{object.id}</code>
                  {object.status ? ` (${object.status})` : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>None yet: what you create here fills the ids of the next requests.</p>
          )}
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              void worker.reset().then(async () => {
                setAnswer(undefined);
                setAnnouncement('The sandbox was reset: no objects, a new secret.');
                await start(example);
              });
            }}
          >
            Reset the sandbox
          </button>
        </details>
      ) : null}
    </section>
  );
}

/**
 * The body's values as fields, each labelled with where it sits (`orderLines[0].quantity`) and
 * marked when the schema check names it; a change rewrites the JSON, which stays the one text
 * both views edit. A body that is not JSON has no fields until the JSON view mends it.
 */
function BodyFieldsEditor({
  id,
  body,
  issues,
  onChange,
}: {
  id: string;
  body: string;
  issues: RequestIssue[];
  onChange: (body: string) => void;
}): ReactNode {
  // The kind a field first held: a number the reader mistypes as text is a number again once the
  // text is one, not a string from then on.
  const kinds = useRef(new Map<string, BodyField['kind']>()).current;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return <p className={styles.note}>The body is not JSON: mend it in the JSON view to edit it as fields.</p>;
  }
  const fields = bodyFields(parsed);
  if (!fields.length) return <p className={styles.note}>This body has no values to edit as fields.</p>;
  return (
    <div className={styles.bodyFields}>
      {fields.map((field) => {
        if (!kinds.has(field.pointer) || field.kind !== 'string') kinds.set(field.pointer, field.kind);
        const kind = kinds.get(field.pointer)!;
        const named = issues.filter((issue) => issue.pointer === field.pointer);
        const inputId = `${id}-field-${field.pointer}`;
        return (
          <div className={styles.field} key={field.pointer}>
            <label htmlFor={inputId}>{field.label}</label>
            <input
              id={inputId}
              value={field.text}
              inputMode={kind === 'number' ? 'decimal' : undefined}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={named.length ? true : undefined}
              aria-describedby={named.length ? `${id}-issues` : undefined}
              onChange={(event) =>
                onChange(JSON.stringify(withField(parsed, field.pointer, fieldValue(kind, event.target.value)), null, 2))
              }
            />
          </div>
        );
      })}
    </div>
  );
}
