import {removeTestRunFolder} from './run-once';

/** Playwright's global teardown: the results the workers shared (run-once.ts) end with the run. */
export default function teardown(): void {
  removeTestRunFolder();
}
