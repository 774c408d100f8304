/**
 * C# as .NET developers write it today: a .NET 8 console program with top-level statements,
 * HttpClient and System.Text.Json. No compiler for that form comes from Debian (see
 * ./mono-compatible.ts), so the tests compile each sample with Mono's after a fixed, tested
 * rewrite of the forms it lacks, and run it.
 */
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
import {monoCompatible, systemTextJsonStandIn} from './mono-compatible';

const env = (name: string) => `Environment.GetEnvironmentVariable("${name}")`;

const csharpString = (text: string) => JSON.stringify(text);

/** The JSON body as a raw string literal (C# 11), indented with the closing quotes. */
function rawString(body: unknown, indent: string, dollars = ''): string {
  const lines = jsonText(body)
    .split('\n')
    .map((line) => `${indent}${line}`);
  return `${dollars}"""\n${lines.join('\n')}\n${indent}"""`;
}

/**
 * The body's literal, an interpolated raw string where a credential the body must carry reads its
 * variable: with one `$` more than the longest run of braces in the JSON, so that its braces stay text.
 */
function bodyString(request: SampleRequest): string {
  if (!request.bodyKeys) return rawString(request.body, '    ');
  const longestBraces = Math.max(0, ...(jsonText(request.body).match(/\{+|\}+/g) ?? []).map((run) => run.length));
  const braces = Math.max(2, longestBraces + 1);
  const [open, close] = ['{'.repeat(braces), '}'.repeat(braces)];
  return bodyLiteral(
    request,
    (body) => rawString(body, '    ', '$'.repeat(braces)),
    (key, quote) => `${quote}${open}${env(key)}${close}${quote}`,
  ).text;
}

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const errors = request.errorFields;
  const usings = new Set(['System.Net.Http.Headers']);
  const method = request.method.charAt(0) + request.method.slice(1).toLowerCase();
  const keys = apiKeysOf(request);
  const inQuery = keys.filter((key) => key.in === 'query');
  const url =
    inQuery.length > 0
      ? `$"${request.url}${hasQuery(request.url) ? '&' : '?'}${inQuery.map((key) => `${key.name}={Uri.EscapeDataString(${env(key.key)} ?? "")}`).join('&')}"`
      : csharpString(request.url);
  const lines = ['using var client = new HttpClient();', `using var request = new HttpRequestMessage(HttpMethod.${method}, ${url});`];
  if (auth.type === 'basic') {
    usings.add('System.Text');
    lines.push(
      'var credentials = Convert.ToBase64String(Encoding.UTF8.GetBytes(',
      `    $"{${env(auth.username)}}:{${env(auth.password)}}"));`,
      'request.Headers.Authorization = new AuthenticationHeaderValue("Basic", credentials);',
    );
  }
  if (auth.type === 'bearer') lines.push(`request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", ${env(auth.token)});`);
  for (const key of keys.filter((candidate) => candidate.in === 'header'))
    lines.push(`request.Headers.Add(${csharpString(key.name)}, ${env(key.key)});`);
  const cookies = keys.filter((key) => key.in === 'cookie').map((key) => `${key.name}={${env(key.key)}}`);
  if (cookies.length > 0) lines.push(`request.Headers.Add("Cookie", $"${cookies.join('; ')}");`);
  if (request.idempotencyKey)
    lines.push(
      `// ${keyComment(request)}`,
      `request.Headers.Add("Idempotency-Key", ${request.triedIdempotencyKey ? `"${request.triedIdempotencyKey}"` : 'Guid.NewGuid().ToString()'});`,
    );
  lines.push('request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));');
  if (isForm(request)) {
    // Form-encoded, with its Content-Type.
    lines.push(
      'request.Content = new FormUrlEncodedContent(new Dictionary<string, string>',
      '{',
      ...formFields(request.body).map(([name, value]) => `    [${csharpString(name)}] = ${csharpString(value)},`),
      '});',
    );
  } else if (request.body !== undefined) {
    usings.add('System.Text');
    lines.push(`request.Content = new StringContent(${bodyString(request)}, Encoding.UTF8, "application/json");`);
  }
  lines.push('', 'using var response = await client.SendAsync(request);');
  const variable = success.name;
  const name = ['json', 'error', 'text', 'problem'].includes(variable) ? 'body' : variable;
  const field = (object: string, member: string) => `{${object}.GetProperty(${csharpString(member)})}`;
  lines.push('if (!response.IsSuccessStatusCode)', '{');
  if (errors?.code) {
    usings.add('System.Text.Json');
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    lines.push(
      '    var text = await response.Content.ReadAsStringAsync();',
      '    try',
      '    {',
      '        using var problem = JsonDocument.Parse(text);',
      '        var error = problem.RootElement;',
      `        Console.Error.WriteLine($"{(int)response.StatusCode} ${field('error', code)}${message ? `: ${field('error', message)}` : ''}${requestId ? ` (request ${field('error', requestId)})` : ''}");`,
      '    }',
      '    catch (Exception notTheErrorBody) when (notTheErrorBody is JsonException',
      '        || notTheErrorBody is KeyNotFoundException || notTheErrorBody is InvalidOperationException)',
      '    {',
      "        // Not the API's error body (a gateway's or a proxy's page): as it came.",
      '        Console.Error.WriteLine($"{(int)response.StatusCode} {text}");',
      '    }',
    );
  } else lines.push('    Console.Error.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");');
  lines.push('    return 1;', '}');
  if (success.hasBody) {
    usings.add('System.Text.Json');
    lines.push('using var json = JsonDocument.Parse(await response.Content.ReadAsStringAsync());', `var ${name} = json.RootElement;`);
  }
  if (!success.hasBody) lines.push('Console.WriteLine((int)response.StatusCode);');
  else if (success.fields.length > 0) lines.push(`Console.WriteLine($"${success.fields.map((member) => field(name, member)).join(' ')}");`);
  else lines.push(`Console.WriteLine(${name});`);
  lines.push('return 0;');
  return [
    '// .NET 8 console program (dotnet new console): replace Program.cs with this',
    ...[...usings].sort().map((namespace) => `using ${namespace};`),
    '',
    ...lines,
  ].join('\n');
}

export const csharp: SampleLanguage = {
  id: 'csharp',
  label: 'C#',
  runsWith: 'C# on .NET 8',
  highlight: 'csharp',
  render,
  toolchain: {
    // Mono.Data.Sqlite: the notification handler keeps its events in SQLite (Microsoft.Data.Sqlite on .NET).
    debianPackages: [
      'mono-mcs',
      'libmono-system-net-http4.0-cil',
      'libmono-system-web-extensions4.0-cil',
      'libmono-sqlite4.0-cil',
      'libfaketime',
    ],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {
      command: 'bash',
      args: [
        '-c',
        'command -v mcs && command -v mono && ls /usr/lib/mono/4.5/System.Net.Http.dll /usr/lib/mono/4.5/System.Web.Extensions.dll /usr/lib/mono/4.5/Mono.Data.Sqlite.dll',
      ],
    },
    fileName: () => 'Program.cs',
    // Mono compiles the rewritten program beside the reader's, with a stand-in for System.Text.Json.
    files: (source) => ({'MonoProgram.cs': monoCompatible(source), 'SystemTextJson.cs': systemTextJsonStandIn}),
    steps: () => [
      {
        command: 'mcs',
        args: [
          '-nologo',
          '-warn:0',
          '-out:program.exe',
          '-r:System.Net.Http.dll',
          '-r:System.Web.Extensions.dll',
          '-r:System.Data.dll',
          '-r:Mono.Data.Sqlite.dll',
          'MonoProgram.cs',
          'SystemTextJson.cs',
        ],
      },
      {command: 'mono', args: ['program.exe'], program: true},
    ],
    timeoutMs: 60_000,
  },
};
