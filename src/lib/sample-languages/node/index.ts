/** Node.js with its built-in fetch, as an ES module (top-level await). */
import type {SampleRequest} from '../../openapi/samples';
import {
  apiKeysOf,
  bodyLiteral,
  errorMembers,
  formFields,
  hasQuery,
  keyComment,
  isForm,
  jsonText,
  successOf,
  type SampleLanguage,
} from '../language';

const indent = (text: string, spaces: number) => text.replaceAll('\n', `\n${' '.repeat(spaces)}`);

/** `body.id`, or `body['x-id']` for a name that is no identifier. */
const member = (object: string, name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? `${object}.${name}` : `${object}[${JSON.stringify(name)}]`;

/** A JavaScript string literal in single quotes, as the samples write them. */
const singleQuoted = (text: string) => `'${JSON.stringify(text).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : singleQuoted(name));

/**
 * The oldest Node.js the samples run on: the first whose ES modules have the global `crypto`
 * (`crypto.randomUUID()` for idempotency keys) besides `fetch`. Prose and every sample's first
 * line say it from here.
 */
export const minimumVersion = '20';
const runtime = `Node.js ${minimumVersion} or later`;

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const headers: string[] = [];
  if (auth.type === 'basic') {
    headers.push(
      `Authorization: 'Basic ' + Buffer.from(\`\${process.env.${auth.username}}:\${process.env.${auth.password}}\`).toString('base64'),`,
    );
  }
  if (auth.type === 'bearer') headers.push(`Authorization: \`Bearer \${process.env.${auth.token}}\`,`);
  const keys = apiKeysOf(request);
  for (const apiKey of keys.filter((candidate) => candidate.in === 'header'))
    headers.push(`${key(apiKey.name)}: process.env.${apiKey.key},`);
  const cookies = keys.filter((candidate) => candidate.in === 'cookie').map((apiKey) => `${apiKey.name}=\${process.env.${apiKey.key}}`);
  if (cookies.length > 0) headers.push(`Cookie: \`${cookies.join('; ')}\`,`);
  if (request.idempotencyKey)
    headers.push(
      `// ${keyComment(request)}`,
      `'Idempotency-Key': ${request.triedIdempotencyKey ? `'${request.triedIdempotencyKey}'` : 'crypto.randomUUID()'},`,
    );
  headers.push(`Accept: 'application/json',`);
  // fetch sets the Content-Type of URLSearchParams itself.
  if (request.body !== undefined && !isForm(request)) headers.push(`'Content-Type': 'application/json',`);
  const options = [`  method: '${request.method}',`, `  headers: {\n${headers.map((line) => `    ${line}`).join('\n')}\n  },`];
  if (isForm(request)) {
    const fields = formFields(request.body).map(([name, value]) => `    ${key(name)}: ${singleQuoted(value)},`);
    options.push(`  body: new URLSearchParams({\n${fields.join('\n')}\n  }),`);
  } else if (request.body !== undefined) {
    const body = bodyLiteral(request, jsonText, (variable) => `process.env.${variable}`);
    options.push(`  body: JSON.stringify(${indent(body.text, 2)}),`);
  }
  const inQuery = keys.filter((candidate) => candidate.in === 'query');
  const url =
    inQuery.length > 0
      ? `\`${request.url}${hasQuery(request.url) ? '&' : '?'}${inQuery.map((apiKey) => `${apiKey.name}=\${encodeURIComponent(process.env.${apiKey.key})}`).join('&')}\``
      : `'${request.url}'`;
  const errors = request.errorFields;
  let failure = ['  console.error(response.status, await response.text());'];
  if (errors?.code) {
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    const field = (name: string) => `\${${member('error', name)}}`;
    failure = [
      '  const text = await response.text();',
      '  try {',
      '    const error = JSON.parse(text);',
      `    if (${member('error', code)} == null) throw new TypeError('not the error body');`,
      `    console.error(\`\${response.status} ${field(code)}${message ? `: ${field(message)}` : ''}${requestId ? ` (request ${field(requestId)})` : ''}\`);`,
      '  } catch {',
      "    // Not the API's error body (a gateway's or a proxy's page): as it came.",
      '    console.error(response.status, text);',
      '  }',
    ];
  }
  const read = !success.hasBody
    ? ['console.log(response.status);']
    : [
        `const ${success.name} = await response.json();`,
        success.fields.length > 0
          ? `console.log(${success.fields.map((field) => member(success.name, field)).join(', ')});`
          : `console.log(${success.name});`,
      ];
  return [
    `// ${runtime}, as an ES module (sample.mjs)`,
    `const response = await fetch(${url}, {`,
    ...options,
    '});',
    'if (!response.ok) {',
    ...failure,
    '  process.exit(1);',
    '}',
    ...read,
  ].join('\n');
}

export const node: SampleLanguage = {
  id: 'node',
  label: 'Node.js',
  minimumVersion,
  runsWith: `${runtime} (its built-in fetch and crypto)`,
  highlight: 'javascript',
  render,
  toolchain: {
    debianPackages: ['libfaketime'],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {command: process.execPath, args: ['--version']},
    fileName: () => 'sample.mjs',
    steps: (file) => [{command: process.execPath, args: [file], program: true}],
  },
};
