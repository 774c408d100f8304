// Replaced (issue 5, spec 7): the theme's middleware copies explorer state into browser storage (and pulls in crypto-js); nothing may be kept, so actions pass straight through.

type Dispatch = (action: unknown) => unknown;
type PassThroughMiddleware = () => (next: Dispatch) => Dispatch;

export function createPersistenceMiddleware(_options?: unknown): PassThroughMiddleware {
  return () => (next) => (action) => next(action);
}
