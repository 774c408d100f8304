/**
 * The notifications reference: every event the OpenAPI file describes as a callback, with its
 * trigger, where it is sent, its payload object and an example, and the signature, delivery,
 * retry and deduplication rules of the callbacks' header and responses. An event added to the
 * file as a callback appears here without a code change.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {objectRoute, operationsOf, resolveRef, type JsonObject, type OperationRef} from '../../src/lib/openapi';
import {sampleLanguages} from '../../src/lib/sample-languages';
import {frontMatterValue, generatedMarker, jsonFence, mdxText} from './mdx';

export const notificationsSlug = 'notifications';

/**
 * The verification program shown on the page, one file per sample language (src/lib/sample-languages),
 * in tab order, with the file name its tab shows. The e2e sample tests run each against signed,
 * forged, tampered and replayed notifications; tests/unit/reference-pages.test.ts checks them too.
 */
export const verificationSamples = {
  python: {file: path.join(__dirname, 'samples/verify_notification.py'), title: 'verify_notification.py'},
  node: {file: path.join(__dirname, 'samples/verify-notification.mjs'), title: 'verify-notification.mjs'},
  php: {file: path.join(__dirname, 'samples/verify-notification.php'), title: 'verify-notification.php'},
  java: {file: path.join(__dirname, 'samples/VerifyNotification.java'), title: 'VerifyNotification.java'},
  go: {file: path.join(__dirname, 'samples/verify-notification.go'), title: 'main.go'},
  ruby: {file: path.join(__dirname, 'samples/verify_notification.rb'), title: 'verify_notification.rb'},
  csharp: {file: path.join(__dirname, 'samples/VerifyNotification.cs'), title: 'Program.cs'},
};

export type NotificationEvent = {
  event: string;
  operationId: string;
  trigger: string;
  /** The request field that holds the URL, from the callback expression (`merchantUrls.notification`). */
  urlField: string;
  registeredBy: OperationRef[];
  payloadSchema: string;
  example: unknown;
  signatureHeader: JsonObject;
  responses: [string, JsonObject][];
};

const schemaName = (schema: JsonObject | undefined) =>
  typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;

/** Every callback of every operation, once per event, in the order the file first names them. */
export function notificationEvents(document: JsonObject, docsRoute: string): NotificationEvent[] {
  const events = new Map<string, NotificationEvent>();
  for (const operation of operationsOf(document, docsRoute)) {
    for (const callbackRef of Object.values((operation.operation.callbacks ?? {}) as JsonObject)) {
      const callback = resolveRef(document, callbackRef);
      for (const [expression, pathItem] of Object.entries(callback)) {
        const post = (pathItem as JsonObject).post as JsonObject | undefined;
        if (!post) continue;
        const body = resolveRef(document, post.requestBody);
        const media = ((body.content ?? {}) as Record<string, JsonObject>)['application/json'];
        const firstExample = Object.values((media?.examples ?? {}) as JsonObject)[0];
        const example = media?.example ?? (firstExample ? resolveRef(document, firstExample).value : undefined);
        const exampleType = (example as JsonObject | undefined)?.type;
        const event =
          typeof exampleType === 'string' ? exampleType : String(post.summary ?? post.operationId).replace(/^Notification /, '');
        const existing = events.get(event);
        if (existing) {
          if (!existing.registeredBy.includes(operation)) existing.registeredBy.push(operation);
          continue;
        }
        const parameters = ((post.parameters ?? []) as unknown[]).map((parameter) => resolveRef(document, parameter));
        events.set(event, {
          event,
          operationId: String(post.operationId),
          trigger: String(post.description ?? ''),
          urlField: /#\/(.+)\}$/.exec(expression)?.[1]?.replaceAll('/', '.') ?? expression,
          registeredBy: [operation],
          payloadSchema: schemaName(media?.schema as JsonObject | undefined) ?? '',
          example,
          signatureHeader: parameters.find((parameter) => parameter.in === 'header') ?? {},
          responses: Object.entries((post.responses ?? {}) as JsonObject).map(([status, response]) => [
            status,
            resolveRef(document, response),
          ]),
        });
      }
    }
  }
  return [...events.values()];
}

const anchor = (event: string) => event.replace(/[^a-z0-9]+/g, '-');

/** "Every notification body carries `id` (unique id of a notification event). Retries …" */
export function fieldSentence(subject: string, field: string, description: string): string {
  const [first = '', ...rest] = description
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/);
  const phrase = first.replace(/[.!?]$/, '').replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase());
  return [`${subject} \`${field}\`${phrase ? ` (${phrase})` : ''}.`, ...rest].join(' ');
}

type TestVector = {secret: string; timestamp: number; body: string; header: string};

/** The signature anyone can recompute, from the header parameter's `x-tessera-test-vector`. */
function testVectorSection(signature: JsonObject, headerName: string, docsRoute: string): string[] {
  const vector = signature['x-tessera-test-vector'] as TestVector | undefined;
  if (!vector) return [];
  return [
    '## Test your verifier',
    '',
    `Check your verification code against this signature before you go live. The sandbox, and the [local sandbox](${docsRoute}/guides/guides/additional_guides/sandbox_test_data#test-helpers-and-the-local-sandbox) unless you give it your own secret, sign every notification with this published test secret; in production use the secret from the Merchant Portal. The body is the \`session.completed\` example above exactly as Tessera sends it, compact JSON with no trailing newline (${vector.body.length} bytes).`,
    '',
    '| Input | Value |',
    '|---|---|',
    `| Signing secret | \`${vector.secret}\` |`,
    `| Timestamp \`t\` | \`${vector.timestamp}\` (${new Date(vector.timestamp * 1000).toISOString().replace('.000Z', 'Z')}) |`,
    `| ${headerName} | \`${vector.header}\` |`,
    '',
    '```json title="Raw body" schema="SessionNotification"',
    vector.body,
    '```',
    '',
    `Your verifier must accept this header for this body when its clock is within 300 seconds of \`t\`, and refuse it when one byte of the body changes or when \`t\` is older than that.`,
    '',
  ];
}

export function notificationsPage(document: JsonObject, docsRoute: string, sourcePath: string): {mdx: string; events: NotificationEvent[]} {
  const events = notificationEvents(document, docsRoute);
  if (events.length === 0) throw new Error(`${sourcePath} describes no notification callbacks`);
  const signature = events[0]!.signatureHeader;
  const headerName = String(signature.name ?? 'Tessera-Signature');
  const eventIdDescription = (() => {
    const payload = resolveRef(document, {$ref: `#/components/schemas/${events[0]!.payloadSchema}`});
    const id = (payload.properties as JsonObject | undefined)?.id as JsonObject | undefined;
    const resolved = id ? resolveRef(document, id) : undefined;
    return String(resolved?.description ?? '');
  })();
  // A response description may point to this very page ("see the notifications reference"): here that aside is dropped.
  const ownRoute = `${docsRoute}/${notificationsSlug}`;
  const selfReference = new RegExp(`\\s*\\(see\\s[^()]*\\]\\(${ownRoute.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)\\)`, 'g');
  const withoutSelfReference = (text: string) => text.replace(selfReference, '');
  const responses = new Map<string, string>();
  for (const event of events)
    for (const [status, response] of event.responses)
      if (!responses.has(status)) responses.set(status, withoutSelfReference(String(response.description ?? '')));
  const sample = (file: string) => readFileSync(file, 'utf8').trimEnd();
  const mdx = [
    '---',
    generatedMarker(sourcePath),
    'title: Notifications',
    `description: ${frontMatterValue(`Every notification event Tessera sends to your server: trigger, payload, example, the ${headerName} header and how to verify it, delivery, retries and deduplication.`)}`,
    `slug: /${notificationsSlug}`,
    '---',
    '',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    `Tessera tells your server about things that happen after your API calls return (a session completed, a decision is needed, a refund settled) with a signed \`POST\` request to a URL you give it. There are ${events.length} events. Each request carries one event as JSON and the \`${headerName}\` header; verify the header, store the event, answer \`2xx\` within 10 seconds, then act on it.`,
    '',
    '## Events',
    '',
    '| Event | Payload | Sent to |',
    '|---|---|---|',
    ...events.map(
      (event) =>
        `| [\`${event.event}\`](#${anchor(event.event)}) | [${event.payloadSchema}](${objectRoute(docsRoute, event.payloadSchema)}) | \`${event.urlField}\` |`,
    ),
    '',
    ...events.flatMap((event) => [
      `### ${event.event} {#${anchor(event.event)}}`,
      '',
      mdxText(event.trigger.trim()),
      '',
      `- **Payload:** [${event.payloadSchema}](${objectRoute(docsRoute, event.payloadSchema)})`,
      `- **Sent to:** the \`${event.urlField}\` URL of the request to ${event.registeredBy.map((operation) => `[${mdxText(operation.summary)}](${operation.route})`).join(' or ')}`,
      '',
      jsonFence(event.example, `title="${event.event}" schema="${event.payloadSchema}"`),
      '',
    ]),
    `## The ${headerName} header`,
    '',
    mdxText(String(signature.description ?? '').trim()),
    '',
    '```text title="Example header"',
    `${headerName}: ${String(signature.example ?? '')}`,
    '```',
    '',
    ...testVectorSection(signature, headerName, docsRoute),
    '## Verify the signature',
    '',
    `A complete receiver that verifies \`${headerName}\` before it trusts the body. Keep the signing secret in \`TESSERA_WEBHOOK_SECRET\`. For a receiver that also stores and deduplicates events, see [Handle the completed session](${docsRoute}/guides/guides/quick_guides/payment_steps/completed_session).`,
    '',
    '<Tabs>',
    ...sampleLanguages.flatMap((language) => {
      const program = verificationSamples[language.id as keyof typeof verificationSamples] as {file: string; title: string} | undefined;
      if (!program) return [];
      return [
        `<TabItem value="${language.id}" label="${language.label}">`,
        '',
        `\`\`\`${language.highlight} title="${program.title}"`,
        sample(program.file),
        '```',
        '',
        '</TabItem>',
      ];
    }),
    '</Tabs>',
    '',
    '## Delivery and retries',
    '',
    ...[...responses].flatMap(([status, description]) => [
      `- **Your answer \`${status}\`:** ${mdxText(description.replace(/\s+/g, ' ').trim())}`,
    ]),
    '',
    '## Deduplication',
    '',
    // The field's description is a noun phrase made for a table cell; the section needs a sentence.
    mdxText(fieldSentence('Every notification body carries', 'id', eventIdDescription)),
    '',
  ].join('\n');
  return {mdx, events};
}
