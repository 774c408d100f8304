/** cURL in bash: the request as a reader pastes it into a terminal; `--fail-with-body` prints an error's body and exits non-zero. */
import type {SampleRequest} from '../../openapi/samples';
import {apiKeysOf, bodyLiteral, formFields, isForm, jsonText, triedKeyComment, type SampleLanguage} from '../language';

const shellQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

export function render(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} '${request.url}'`];
  const auth = request.auth;
  if (auth.type === 'basic') lines.push(`-u "$${auth.username}:$${auth.password}"`);
  if (auth.type === 'bearer') lines.push(`-H "Authorization: Bearer $${auth.token}"`);
  for (const key of apiKeysOf(request)) {
    if (key.in === 'header') lines.push(`-H "${key.name}: $${key.key}"`);
    if (key.in === 'query') lines.push(`--url-query "${key.name}=$${key.key}"`);
    if (key.in === 'cookie') lines.push(`-b "${key.name}=$${key.key}"`);
  }
  if (request.idempotencyKey) lines.push(`-H "Idempotency-Key: ${request.triedIdempotencyKey ?? '$(uuidgen)'}"`);
  lines.push(`-H 'Accept: application/json'`);
  lines.push('--fail-with-body');
  if (isForm(request)) {
    // Each pair's value is percent-encoded; cURL sends them form-encoded, with that Content-Type.
    for (const [name, value] of formFields(request.body)) lines.push(`--data-urlencode ${shellQuoted(`${name}=${value}`)}`);
  } else if (request.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    // A credential the body must carry closes the quotes for the shell to read its variable there.
    const body = bodyLiteral(
      request,
      (value) => shellQuoted(jsonText(value)),
      (key) => `"'"$${key}"'"`,
    );
    lines.push(`--data-raw ${body.text}`);
  }
  const command = lines.join(' \\\n  ');
  // A shell comment cannot sit among a command's continued lines: the tried key's note goes above it.
  return request.triedIdempotencyKey ? `# ${triedKeyComment}\n${command}` : command;
}

export const curl: SampleLanguage = {
  id: 'curl',
  label: 'cURL',
  runsWith: 'cURL in a shell',
  highlight: 'bash',
  render,
  toolchain: {
    debianPackages: ['curl', 'uuid-runtime'],
    probe: {command: 'bash', args: ['-c', 'command -v curl && command -v uuidgen']},
    fileName: () => 'sample.sh',
    steps: (file) => [{command: 'bash', args: ['-e', '-o', 'pipefail', file], program: true}],
  },
};
