/** Go with the standard library only: net/http and encoding/json (Debian: golang-go). */
import os from 'node:os';
import path from 'node:path';
import type {SampleRequest} from '../../openapi/samples';
import {apiKeysOf, bodyLiteral, errorMembers, formFields, keyComment, isForm, jsonText, successOf, type SampleLanguage} from '../language';

/** The JSON body as a Go string literal: a raw string, unless the JSON holds a backtick. */
const goString = (body: unknown) => {
  const text = jsonText(body);
  return text.includes('`') ? JSON.stringify(JSON.stringify(body)) : `\`${text}\``;
};

const methodConstant: Record<string, string> = {
  GET: 'http.MethodGet',
  POST: 'http.MethodPost',
  PUT: 'http.MethodPut',
  PATCH: 'http.MethodPatch',
  DELETE: 'http.MethodDelete',
};

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const errors = request.errorFields;
  const imports = new Set(['log', 'net/http']);
  const body: string[] = [];
  if (isForm(request)) {
    imports.add('net/url').add('strings');
    body.push(
      'form := url.Values{}',
      ...formFields(request.body).map(([name, value]) => `form.Set(${JSON.stringify(name)}, ${JSON.stringify(value)})`),
      'payload := strings.NewReader(form.Encode())',
    );
  } else if (request.body !== undefined) {
    imports.add('strings');
    // A credential the body must carry goes in with fmt.Sprintf, every other % of the text doubled.
    const literal = bodyLiteral(
      request,
      (value) => (request.bodyKeys ? goString(value).replaceAll('%', '%%') : goString(value)),
      (_, quote) => `${quote}%s${quote}`,
    );
    if (literal.keys.length > 0) imports.add('fmt').add('os');
    const text =
      literal.keys.length > 0
        ? `fmt.Sprintf(${literal.text}, ${literal.keys.map((key) => `os.Getenv("${key}")`).join(', ')})`
        : literal.text;
    body.push(`payload := strings.NewReader(${text})`);
  }
  const method = methodConstant[request.method] ?? JSON.stringify(request.method);
  body.push(
    `req, err := http.NewRequest(${method}, ${JSON.stringify(request.url)}, ${request.body === undefined ? 'nil' : 'payload'})`,
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
  );
  if (auth.type !== 'none' || (request.additionalKeys ?? []).length > 0) imports.add('os');
  if (auth.type === 'basic') body.push(`req.SetBasicAuth(os.Getenv("${auth.username}"), os.Getenv("${auth.password}"))`);
  if (auth.type === 'bearer') body.push(`req.Header.Set("Authorization", "Bearer "+os.Getenv("${auth.token}"))`);
  const keys = apiKeysOf(request);
  for (const key of keys.filter((candidate) => candidate.in === 'header'))
    body.push(`req.Header.Set(${JSON.stringify(key.name)}, os.Getenv("${key.key}"))`);
  for (const key of keys.filter((candidate) => candidate.in === 'cookie'))
    body.push(`req.AddCookie(&http.Cookie{Name: ${JSON.stringify(key.name)}, Value: os.Getenv("${key.key}")})`);
  const inQuery = keys.filter((candidate) => candidate.in === 'query');
  if (inQuery.length > 0) {
    body.push(
      'query := req.URL.Query()',
      ...inQuery.map((key) => `query.Set(${JSON.stringify(key.name)}, os.Getenv("${key.key}"))`),
      'req.URL.RawQuery = query.Encode()',
    );
  }
  if (request.idempotencyKey) {
    if (!request.triedIdempotencyKey) imports.add('crypto/rand').add('encoding/hex');
    body.push(
      `// ${keyComment(request)}`,
      `req.Header.Set("Idempotency-Key", ${request.triedIdempotencyKey ? `"${request.triedIdempotencyKey}"` : 'newKey()'})`,
    );
  }
  body.push('req.Header.Set("Accept", "application/json")');
  if (request.body !== undefined)
    body.push(`req.Header.Set("Content-Type", "${isForm(request) ? 'application/x-www-form-urlencoded' : 'application/json'}")`);
  body.push('', 'res, err := http.DefaultClient.Do(req)', 'if err != nil {', '\tlog.Fatal(err)', '}', 'defer res.Body.Close()', '');
  // The body is read once, before the status is checked: an error's body is printed whole when it is no JSON.
  imports.add('io');
  body.push('responseBody, err := io.ReadAll(res.Body)', 'if err != nil {', '\tlog.Fatal(err)', '}');
  const variable = success.name;
  body.push('if res.StatusCode >= 400 {');
  if (errors?.code) {
    imports.add('encoding/json');
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    const values = [code, ...(message ? [message] : []), ...(requestId ? [requestId] : [])].map(
      (name) => `problem[${JSON.stringify(name)}]`,
    );
    body.push(
      '\tvar problem map[string]any',
      `\tif err := json.Unmarshal(responseBody, &problem); err != nil || problem[${JSON.stringify(code)}] == nil {`,
      "\t\t// Not the API's error body (a gateway's or a proxy's page): as it came.",
      '\t\tlog.Fatalf("%d %s", res.StatusCode, responseBody)',
      '\t}',
      `\tlog.Fatalf("%d %v${message ? ': %v' : ''}${requestId ? ' (request %v)' : ''}", res.StatusCode, ${values.join(', ')})`,
    );
  } else {
    body.push('\tlog.Fatalf("%d %s", res.StatusCode, responseBody)');
  }
  body.push('}');
  if (success.hasBody) {
    imports.add('encoding/json');
    body.push(
      `var ${variable} ${success.array ? '[]any' : 'map[string]any'}`,
      `if err := json.Unmarshal(responseBody, &${variable}); err != nil {`,
      '\tlog.Fatal(err)',
      '}',
    );
  }
  const field = (name: string) => `${variable}[${JSON.stringify(name)}]`;
  imports.add('fmt');
  if (!success.hasBody) body.push('fmt.Println(res.StatusCode)');
  else if (success.fields.length > 0) body.push(`fmt.Println(${success.fields.map(field).join(', ')})`);
  else body.push(`fmt.Println(${variable})`);
  const lines = [
    '// Go 1.19 or later, standard library only (go run main.go)',
    'package main',
    '',
    'import (',
    ...[...imports].sort().map((name) => `\t"${name}"`),
    ')',
    '',
    'func main() {',
    ...body.map((line) => (line ? `\t${line}` : '')),
    '}',
  ];
  if (request.idempotencyKey && !request.triedIdempotencyKey) {
    lines.push(
      '',
      '// newKey returns a random idempotency key of 32 hexadecimal characters.',
      'func newKey() string {',
      '\tkey := make([]byte, 16)',
      '\tif _, err := rand.Read(key); err != nil {',
      '\t\tlog.Fatal(err)',
      '\t}',
      '\treturn hex.EncodeToString(key)',
      '}',
    );
  }
  return lines.join('\n');
}

export const go: SampleLanguage = {
  id: 'go',
  label: 'Go',
  runsWith: 'Go with its standard library',
  highlight: 'go',
  render,
  toolchain: {
    debianPackages: ['golang-go'],
    probe: {command: 'go', args: ['version']},
    fileName: () => 'main.go',
    steps: (file) => [{command: 'go', args: ['run', file], program: true}],
    // One build cache for every run: a cold one compiles net/http first (about half a minute).
    environment: () => ({
      GOCACHE: path.join(os.tmpdir(), 'tessera-samples-go-cache'),
      GOPATH: path.join(os.tmpdir(), 'tessera-samples-gopath'),
    }),
    timeoutMs: 120_000,
  },
};
