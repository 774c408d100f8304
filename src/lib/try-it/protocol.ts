/** What the "Try it" console asks its worker (src/lib/try-it/worker.ts) and what it gets back. */
import type {CodeSample} from '../openapi/operation-summary';
import type {ConsoleExample, ConsoleParameter} from './operations';
import type {ConsoleRequest, VisitObject} from './request';

/** The operation of a page, as the console shows it. */
export type PreparedOperation = {
  api: string;
  operationId: string;
  method: string;
  template: string;
  parameters: ConsoleParameter[];
  examples: Omit<ConsoleExample, 'body'>[];
  /** How the body travels: as JSON, or as a form whose fields the console edits as JSON. */
  bodyType: 'json' | 'form';
  /** The request the console opens with. */
  request: ConsoleRequest;
  /** The simulator that answers: Tessera's sandbox keeps the visit's state, an added API's answers with its examples. */
  stateful: boolean;
};

/** A field the request breaks, as the API would name it: `/amount` and the rule. */
export type RequestIssue = {pointer: string; code: string; detail: string};

export type ShownNotification = {id: string; type: string; url: string | null; signature: string; body: string};

export type ConsoleAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  notifications: ShownNotification[];
  /** The objects the visit holds after this answer. */
  objects: VisitObject[];
};

export interface TryItWorker {
  /** The operation of a page (its route, method and path template), or undefined when no simulator answers it. */
  prepare(route: string, method: string, template: string, example?: number): Promise<PreparedOperation | undefined>;
  /** A guide's request (its operation, `METHOD /path` title and JSON) on a page of the route's docs version. */
  prepareStep(route: string, operationId: string, title: string, body?: unknown): Promise<PreparedOperation | undefined>;
  check(api: string, operationId: string, request: ConsoleRequest): Promise<RequestIssue[]>;
  send(api: string, operationId: string, request: ConsoleRequest): Promise<ConsoleAnswer>;
  /** The page's samples of the edited request; `freshKey` is the Idempotency-Key the console made, which samples make anew. */
  samples(api: string, operationId: string, request: ConsoleRequest, freshKey?: string): Promise<CodeSample[]>;
  objects(api: string): Promise<VisitObject[]>;
  /** Forgets the visit: a new sandbox, no objects, a new secret. */
  reset(): Promise<void>;
}
