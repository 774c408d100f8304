/** Ruby with the standard library only: Net::HTTP and JSON (Debian: ruby). */
import type {SampleRequest} from '../../openapi/samples';
import {apiKeysOf, bodyLiteral, errorMembers, formFields, keyComment, isForm, snakeCase, successOf, type SampleLanguage} from '../language';

/** `reference:` for a key that is a plain word, `"x-id":` otherwise (both make symbol keys, which JSON writes as strings). */
const hashKey = (key: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${key}:` : `${JSON.stringify(key)}:`);

/** A JSON value as a Ruby literal. JSON's strings are Ruby's double-quoted strings once `#` cannot start an interpolation. */
export function rubyValue(value: unknown, depth = 0): string {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (value === null) return 'nil';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${pad}${rubyValue(item, depth + 1)},`).join('\n')}\n${close}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${pad}${hashKey(key)} ${rubyValue(item, depth + 1)},`).join('\n')}\n${close}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value).replaceAll('#{', '\\#{').replaceAll('#@', '\\#@').replaceAll('#$', '\\#$');
  return JSON.stringify(value);
}

const env = (name: string) => `ENV.fetch("${name}")`;

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const errors = request.errorFields;
  const variable = snakeCase(success.name);
  const requires = new Set(['json', 'net/http']);
  const lines = [`uri = URI(${JSON.stringify(request.url)})`];
  const keys = apiKeysOf(request);
  const inQuery = keys.filter((key) => key.in === 'query').map((key) => `${JSON.stringify(key.name)} => ${env(key.key)}`);
  // A query the URL has already (a required parameter) is kept.
  if (inQuery.length > 0)
    lines.push(
      request.url.includes('?')
        ? `uri.query = [uri.query, URI.encode_www_form(${inQuery.join(', ')})].join("&")`
        : `uri.query = URI.encode_www_form(${inQuery.join(', ')})`,
    );
  const verb = request.method.charAt(0) + request.method.slice(1).toLowerCase();
  lines.push(`request = Net::HTTP::${verb}.new(uri)`);
  if (auth.type === 'basic') lines.push(`request.basic_auth(${env(auth.username)}, ${env(auth.password)})`);
  if (auth.type === 'bearer') lines.push(`request["Authorization"] = "Bearer #{${env(auth.token)}}"`);
  for (const key of keys.filter((candidate) => candidate.in === 'header'))
    lines.push(`request[${JSON.stringify(key.name)}] = ${env(key.key)}`);
  const cookies = keys.filter((key) => key.in === 'cookie').map((key) => `${key.name}=#{${env(key.key)}}`);
  if (cookies.length > 0) lines.push(`request["Cookie"] = "${cookies.join('; ')}"`);
  if (request.idempotencyKey) {
    if (!request.triedIdempotencyKey) requires.add('securerandom');
    lines.push(
      `# ${keyComment(request)}`,
      `request["Idempotency-Key"] = ${request.triedIdempotencyKey ? `"${request.triedIdempotencyKey}"` : 'SecureRandom.uuid'}`,
    );
  }
  lines.push('request["Accept"] = "application/json"');
  // set_form_data form-encodes the pairs and sets the Content-Type.
  if (isForm(request)) lines.push(`request.set_form_data(${rubyValue(Object.fromEntries(formFields(request.body)))})`);
  else if (request.body !== undefined) {
    lines.push(
      'request.content_type = "application/json"',
      `request.body = JSON.generate(${bodyLiteral(request, (body) => rubyValue(body), env).text})`,
    );
  }
  lines.push(
    '',
    'response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == "https") do |http|',
    '  http.request(request)',
    'end',
    '',
  );
  const field = (object: string, name: string) => `#{${object}[${JSON.stringify(name)}]}`;
  lines.push('unless response.is_a?(Net::HTTPSuccess)');
  if (errors?.code) {
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    lines.push(
      '  error = JSON.parse(response.body) rescue nil',
      "  # Not the API's error body (a gateway's or a proxy's page): as it came.",
      `  abort "#{response.code} #{response.body}" unless error.is_a?(Hash) && error.key?(${JSON.stringify(code)})`,
      `  abort "#{response.code} ${field('error', code)}${message ? `: ${field('error', message)}` : ''}${requestId ? ` (request ${field('error', requestId)})` : ''}"`,
    );
  } else lines.push('  abort "#{response.code} #{response.body}"');
  lines.push('end');
  if (success.hasBody) lines.push(`${variable} = JSON.parse(response.body)`);
  if (!success.hasBody) lines.push('puts response.code');
  else if (success.fields.length > 0) lines.push(`puts "${success.fields.map((name) => field(variable, name)).join(' ')}"`);
  else lines.push(`puts JSON.pretty_generate(${variable})`);
  return ['# Ruby 3, standard library only', ...[...requires].sort().map((name) => `require "${name}"`), '', ...lines].join('\n');
}

export const ruby: SampleLanguage = {
  id: 'ruby',
  label: 'Ruby',
  runsWith: 'Ruby 3 with its standard library',
  highlight: 'ruby',
  render,
  toolchain: {
    // Sinatra on WEBrick: the guides' web handlers.
    debianPackages: ['ruby', 'ruby-sinatra', 'ruby-webrick', 'libfaketime'],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {command: 'ruby', args: ['-e', 'require "json"; require "net/http"; require "sinatra/base"; require "webrick"']},
    fileName: () => 'sample.rb',
    steps: (file) => [{command: 'ruby', args: [file], program: true}],
  },
};
