/** Go with the standard library only: net/http and encoding/json (Debian: golang-go). */
import os from 'node:os';
import path from 'node:path';
import type {SampleRequest} from '../../openapi/samples';
import {formFields, idempotencyComment, isForm, jsonText, successOf, type SampleLanguage} from '../language';

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
    body.push(`payload := strings.NewReader(${goString(request.body)})`);
  }
  const method = methodConstant[request.method] ?? JSON.stringify(request.method);
  body.push(
    `req, err := http.NewRequest(${method}, ${JSON.stringify(request.url)}, ${request.body === undefined ? 'nil' : 'payload'})`,
    'if err != nil {',
    '\tlog.Fatal(err)',
    '}',
  );
  if (auth.type !== 'none') imports.add('os');
  if (auth.type === 'basic') body.push(`req.SetBasicAuth(os.Getenv("${auth.username}"), os.Getenv("${auth.password}"))`);
  if (auth.type === 'bearer') body.push(`req.Header.Set("Authorization", "Bearer "+os.Getenv("${auth.token}"))`);
  if (auth.type === 'apiKey' && auth.in === 'header') body.push(`req.Header.Set(${JSON.stringify(auth.name)}, os.Getenv("${auth.key}"))`);
  if (auth.type === 'apiKey' && auth.in === 'cookie')
    body.push(`req.AddCookie(&http.Cookie{Name: ${JSON.stringify(auth.name)}, Value: os.Getenv("${auth.key}")})`);
  if (auth.type === 'apiKey' && auth.in === 'query') {
    body.push(
      'query := req.URL.Query()',
      `query.Set(${JSON.stringify(auth.name)}, os.Getenv("${auth.key}"))`,
      'req.URL.RawQuery = query.Encode()',
    );
  }
  if (request.idempotencyKey) {
    imports.add('crypto/rand').add('encoding/hex');
    body.push(`// ${idempotencyComment}`, 'req.Header.Set("Idempotency-Key", newKey())');
  }
  body.push('req.Header.Set("Accept", "application/json")');
  if (request.body !== undefined)
    body.push(`req.Header.Set("Content-Type", "${isForm(request) ? 'application/x-www-form-urlencoded' : 'application/json'}")`);
  body.push('', 'res, err := http.DefaultClient.Do(req)', 'if err != nil {', '\tlog.Fatal(err)', '}', 'defer res.Body.Close()', '');
  const parsesBody = success.hasBody || Boolean(errors?.code);
  const variable = success.name;
  if (parsesBody) {
    imports.add('encoding/json');
    body.push(
      `var ${variable} map[string]any`,
      `if err := json.NewDecoder(res.Body).Decode(&${variable}); err != nil {`,
      '\tlog.Fatal(err)',
      '}',
    );
  }
  const field = (name: string) => `${variable}[${JSON.stringify(name)}]`;
  body.push('if res.StatusCode >= 400 {');
  if (errors?.code) {
    const values = [errors.code, errors.message ?? errors.code, ...(errors.requestId ? [errors.requestId] : [])].map(field);
    body.push(`\tlog.Fatalf("%d %v: %v${errors.requestId ? ' (request %v)' : ''}", res.StatusCode, ${values.join(', ')})`);
  } else {
    imports.add('io');
    body.push('\tmessage, _ := io.ReadAll(res.Body)', '\tlog.Fatalf("%d %s", res.StatusCode, message)');
  }
  body.push('}');
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
  if (request.idempotencyKey) {
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
