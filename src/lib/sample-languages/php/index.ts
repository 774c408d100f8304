/** PHP 8 with Guzzle 7, the HTTP client most PHP integrators use (Debian: php-guzzlehttp-guzzle). */
import type {SampleRequest} from '../../openapi/samples';
import {apiKeysOf, bodyLiteral, errorMembers, formFields, isForm, keyComment, successOf, type SampleLanguage} from '../language';

/** A JSON value as a PHP array literal, so the sample reads as PHP. */
export function phpValue(value: unknown, depth: number): string {
  const pad = '    '.repeat(depth + 1);
  const close = '    '.repeat(depth);
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${phpValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'new \\stdClass()';
    return `[\n${entries.map(([key, item]) => `${pad}${phpString(key)} => ${phpValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'string') return phpString(value);
  return String(value);
}

const phpString = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

export function render(request: SampleRequest): string {
  const options: string[] = [];
  const auth = request.auth;
  const success = successOf(request);
  if (auth.type === 'basic') options.push(`    'auth' => [getenv('${auth.username}'), getenv('${auth.password}')],`);
  const keys = apiKeysOf(request);
  const keysIn = (location: string) => keys.filter((key) => key.in === location);
  const inQuery = keysIn('query').map((key) => `'${key.name}' => getenv('${key.key}')`);
  if (inQuery.length > 0) options.push(`    'query' => [${inQuery.join(', ')}],`);
  const headers = [`        'Accept' => 'application/json',`];
  if (auth.type === 'bearer') headers.push(`        'Authorization' => 'Bearer ' . getenv('${auth.token}'),`);
  for (const key of keysIn('header')) headers.push(`        '${key.name}' => getenv('${key.key}'),`);
  const cookies = keysIn('cookie').map((key) => `'${key.name}=' . getenv('${key.key}')`);
  if (cookies.length > 0) headers.push(`        'Cookie' => ${cookies.join(" . '; ' . ")},`);
  if (request.idempotencyKey)
    headers.push(
      `        // ${keyComment(request)}`,
      `        'Idempotency-Key' => ${request.triedIdempotencyKey ? `'${request.triedIdempotencyKey}'` : 'bin2hex(random_bytes(16))'},`,
    );
  options.push(`    'headers' => [\n${headers.join('\n')}\n    ],`);
  // Guzzle form-encodes `form_params` and sets the Content-Type.
  if (isForm(request)) options.push(`    'form_params' => ${phpValue(Object.fromEntries(formFields(request.body)), 1)},`);
  else if (request.body !== undefined)
    options.push(
      `    'json' => ${
        bodyLiteral(
          request,
          (body) => phpValue(body, 1),
          (key) => `getenv('${key}')`,
        ).text
      },`,
    );
  options.push(`    // Answers of 4xx and 5xx are returned, not thrown, so their body can be read.`, `    'http_errors' => false,`);
  const variable = `$${success.name}`;
  const errors = request.errorFields;
  const raw = `fwrite(STDERR, $response->getStatusCode() . ' ' . $response->getBody() . PHP_EOL);`;
  let failure = [`    ${raw}`];
  if (errors?.code) {
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    const members = [code, ...(message ? [message] : []), ...(requestId ? [requestId] : [])];
    failure = [
      `    $error = json_decode((string) $response->getBody(), true);`,
      `    if (!is_array($error) || !isset(${members.map((member) => `$error['${member}']`).join(', ')})) {`,
      `        // Not the API's error body (a gateway's or a proxy's page): as it came.`,
      `        ${raw}`,
      `        exit(1);`,
      `    }`,
      `    fwrite(STDERR, sprintf(`,
      `        "%d %s${message ? ': %s' : ''}${requestId ? ' (request %s)' : ''}\\n",`,
      `        $response->getStatusCode(),`,
      ...members.map((member) => `        $error['${member}'],`),
      `    ));`,
    ];
  }
  const read = !success.hasBody
    ? ['echo $response->getStatusCode(), PHP_EOL;']
    : [
        `${variable} = json_decode((string) $response->getBody(), true);`,
        success.fields.length > 0
          ? `echo ${success.fields.map((field) => `${variable}['${field}']`).join(", ' ', ")}, PHP_EOL;`
          : `echo json_encode(${variable}, JSON_PRETTY_PRINT), PHP_EOL;`,
      ];
  return [
    '<?php',
    '// composer require guzzlehttp/guzzle',
    "require 'vendor/autoload.php';",
    '',
    '$client = new GuzzleHttp\\Client();',
    `$response = $client->request('${request.method}', '${request.url}', [`,
    ...options,
    ']);',
    'if ($response->getStatusCode() >= 400) {',
    ...failure,
    '    exit(1);',
    '}',
    ...read,
  ].join('\n');
}

export const php: SampleLanguage = {
  id: 'php',
  label: 'PHP',
  runsWith: 'PHP 8.2 with Guzzle 7',
  highlight: 'php',
  render,
  toolchain: {
    // php-sqlite3: the guides' PHP web handlers keep their state in SQLite.
    debianPackages: ['php-cli', 'php-guzzlehttp-guzzle', 'php-sqlite3', 'libfaketime'],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {
      command: 'php',
      args: ['-r', "require '/usr/share/php/GuzzleHttp/autoload.php'; exit(extension_loaded('pdo_sqlite') ? 0 : 1);"],
    },
    fileName: () => 'sample.php',
    // What `composer require guzzlehttp/guzzle` would write: here it loads Debian's Guzzle.
    files: () => ({'vendor/autoload.php': "<?php\nrequire_once 'GuzzleHttp/autoload.php';\n"}),
    steps: (file) => [{command: 'php', args: [file], program: true}],
    // A web handler is served by PHP's built-in server, the handler as its router script.
    serve: (file, port) => ({command: 'php', args: ['-S', `127.0.0.1:${port}`, file], program: true}),
  },
};
