/**
 * Problem bodies (RFC 9457) as an OpenAPI file documents them: each code's HTTP status and title
 * from the file's problem examples (and the examples of its `x-error-catalogue`), its `type` the
 * address of the code's page, so a simulated error reads exactly like the documented one.
 */
import type {JsonObject} from '../openapi/refs';
import type {ValidationIssue} from './validation';

export type ProblemFacts = {status: number; title: string; type: string};

export class ProblemCatalogue {
  private readonly facts = new Map<string, ProblemFacts>();
  private typeBase = '';

  constructor(document: JsonObject) {
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const object = node as JsonObject;
      if (typeof object.code === 'string' && typeof object.status === 'number' && typeof object.title === 'string') {
        const type = typeof object.type === 'string' ? object.type : '';
        if (!this.facts.has(object.code)) this.facts.set(object.code, {status: object.status, title: object.title, type});
        if (type.endsWith(`/${object.code}`) && !this.typeBase) this.typeBase = type.slice(0, -object.code.length);
      }
      Object.values(object).forEach(visit);
    };
    visit(document.components);
    visit(document.paths);
    visit(document['x-error-catalogue']);
  }

  has(code: string): boolean {
    return this.facts.has(code);
  }

  codes(): string[] {
    return [...this.facts.keys()];
  }

  /** The documented facts of a code; throws for a code the file does not document, which would be a simulator bug. */
  of(code: string): ProblemFacts {
    const facts = this.facts.get(code);
    if (!facts) throw new Error(`the OpenAPI file documents no problem with code ${code}`);
    return {...facts, type: facts.type || `${this.typeBase}${code}`};
  }
}

export type ProblemExtras = {errors?: ValidationIssue[]; declineCode?: string};

/** An error a handler raises; the simulator turns it into the documented problem body. */
export class ApiProblem extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${detail}`);
  }
}

/** A `validation_failed`: the request breaks the schema (or a rule the file states beside it), every field named. */
export const validationFailed = (extras: {errors: ValidationIssue[]}): ApiProblem =>
  new ApiProblem('validation_failed', 'The request breaks the schema of this operation.', extras);
