/** Python with requests, the HTTP client most Python integrators use (Debian: python3-requests). */
import type {SampleRequest} from '../../openapi/samples';
import {
  apiKeysOf,
  bodyLiteral,
  errorMembers,
  formFields,
  keyComment,
  isForm,
  jsonText,
  snakeCase,
  successOf,
  type SampleLanguage,
} from '../language';

/** A JSON value as a Python literal: JSON's strings and numbers are Python's; true, false and null are not. */
export function pythonValue(value: unknown, depth = 0): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${pythonValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${pythonValue(item, depth + 1)},`).join('\n')}\n${close}}`;
  }
  return jsonText(value);
}

const env = (name: string) => `os.environ["${name}"]`;

/**
 * The oldest Python the samples run on: the guides' handlers annotate with `str | None`, which
 * 3.10 introduced. Prose and every sample's first line say it from here.
 */
export const minimumVersion = '3.10';
const runtime = `Python ${minimumVersion} or later with requests`;

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const name = snakeCase(success.name);
  const headers: string[] = [];
  if (auth.type === 'bearer') headers.push(`"Authorization": f"Bearer {os.environ['${auth.token}']}",`);
  const keys = apiKeysOf(request);
  const keysIn = (location: string) =>
    keys.filter((key) => key.in === location).map((key) => `${JSON.stringify(key.name)}: ${env(key.key)}`);
  headers.push(...keysIn('header').map((line) => `${line},`));
  if (request.idempotencyKey)
    headers.push(
      `# ${keyComment(request)}`,
      `"Idempotency-Key": ${request.triedIdempotencyKey ? `"${request.triedIdempotencyKey}"` : 'str(uuid.uuid4())'},`,
    );
  headers.push(`"Accept": "application/json",`);
  const options = [JSON.stringify(request.url) + ','];
  if (auth.type === 'basic') options.push(`auth=(${env(auth.username)}, ${env(auth.password)}),`);
  if (keysIn('query').length > 0) options.push(`params={${keysIn('query').join(', ')}},`);
  if (keysIn('cookie').length > 0) options.push(`cookies={${keysIn('cookie').join(', ')}},`);
  options.push(`headers={\n${headers.map((line) => `        ${line}`).join('\n')}\n    },`);
  // requests form-encodes a dict given as `data`, and sets the Content-Type.
  if (isForm(request)) options.push(`data=${pythonValue(Object.fromEntries(formFields(request.body)), 1)},`);
  else if (request.body !== undefined) options.push(`json=${bodyLiteral(request, (body) => pythonValue(body, 1), env).text},`);
  options.push('timeout=30,');
  const errors = request.errorFields;
  const raw = 'raise SystemExit(f"{response.status_code}: {response.text}")';
  let failure = [`    ${raw}`];
  if (errors?.code) {
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    const member = (name: string) => `{error['${name}']}`;
    failure = [
      '    try:',
      '        error = response.json()',
      `        problem = f"${member(code)}${message ? `: ${member(message)}` : ''}${requestId ? ` (request ${member(requestId)})` : ''}"`,
      '    except (ValueError, KeyError, TypeError):',
      "        # Not the API's error body (a gateway's or a proxy's page): as it came.",
      `        ${raw}`,
      '    raise SystemExit(f"{response.status_code} {problem}")',
    ];
  }
  const read = !success.hasBody
    ? ['print(response.status_code)']
    : success.fields.length > 0
      ? [`${name} = response.json()`, `print(${success.fields.map((field) => `${name}["${field}"]`).join(', ')})`]
      : [`${name} = response.json()`, `print(${name})`];
  const imports = ['import os', ...(request.idempotencyKey && !request.triedIdempotencyKey ? ['import uuid'] : [])];
  return [
    `# ${runtime} (pip install requests)`,
    ...imports,
    '',
    'import requests',
    '',
    `response = requests.${request.method.toLowerCase()}(`,
    ...options.map((line) => `    ${line}`),
    ')',
    'if not response.ok:',
    ...failure,
    ...read,
  ].join('\n');
}

export const python: SampleLanguage = {
  id: 'python',
  label: 'Python',
  minimumVersion,
  runsWith: runtime,
  highlight: 'python',
  render,
  toolchain: {
    // Flask: the guides' web handlers. Debian's interpreter, which has Debian's libraries (not a
    // python3 earlier on the PATH, such as pyenv's).
    debianPackages: ['python3', 'python3-requests', 'python3-flask', 'libfaketime'],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {command: '/usr/bin/python3', args: ['-c', 'import requests, flask']},
    fileName: () => 'sample.py',
    steps: (file) => [{command: '/usr/bin/python3', args: [file], program: true}],
  },
};
