/**
 * The sandbox test values, read from the `x-sandbox-test-data` extension of
 * openapi/tessera-v3.yaml: the one place they are written. The sandbox test data page and the
 * guides render them at build time (src/plugins/sandbox-test-values), and the unit tests check
 * them against the API's enums.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';

export const sandboxTestDataFile = 'openapi/tessera-v3.yaml';
export const sandboxTestDataExtension = 'x-sandbox-test-data';

/** What a reader observes: an enum value of the API, an SDK event, or an error code with its status. */
export type SandboxResult = {enum: string; value: string} | {sdkEvent: string; code?: string} | {errorCode: string; status: number};

export type SandboxCategory = {id: string; title: string; enteredIn: string};

export type SandboxTestValue = {
  id: string;
  category: string;
  value: string;
  /**
   * What else to enter or do, a phrase that follows the value: after "with" ("any future expiry
   * date and CVC `123`"), or on its own when it starts with "or" or "as" ("as the card stored at checkout").
   */
  with?: string;
  outcome: string;
  results: SandboxResult[];
};

export type SandboxTestData = {description: string; categories: SandboxCategory[]; values: SandboxTestValue[]};

// __dirname, as in the other build-time modules: Docusaurus loads the config (and so this module) as CommonJS.
const siteDir = path.resolve(__dirname, '../..');

export function loadSandboxTestData(file = path.join(siteDir, sandboxTestDataFile)): SandboxTestData {
  const document = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const data = document[sandboxTestDataExtension] as SandboxTestData | undefined;
  if (!data) throw new Error(`${file} has no ${sandboxTestDataExtension} extension`);
  return data;
}

/** How each enum a result names reads to someone looking at the API's responses. */
export const enumLabels: Record<string, string> = {
  SessionStatus: 'session `status`',
  SessionStatusReason: 'session `statusReason`',
  OrderStatus: 'order `status`',
  RefundStatus: 'refund `status`',
  'Refund.failureReason': 'refund `failureReason`',
  TokenStatus: 'token `status`',
  'Problem.declineCode': '`declineCode`',
  'HostedPage.status': 'page `status`',
  'HostedPage.delivery.status': '`delivery.status`',
};

/** A result as markdown for a table cell: "session `status`: `completed`", "SDK event `recoverable_error` with `payment_declined`". */
export function describeResult(result: SandboxResult): string {
  if ('enum' in result) {
    const label = enumLabels[result.enum];
    if (!label) throw new Error(`no label for the enum ${result.enum} in src/lib/sandbox-test-data.ts`);
    return `${label}: \`${result.value}\``;
  }
  if ('sdkEvent' in result) return `SDK event \`${result.sdkEvent}\`${result.code ? ` with \`${result.code}\`` : ''}`;
  return `\`${result.status} ${result.errorCode}\``;
}
