/**
 * C# as .NET developers write it today: a .NET 8 console program with top-level statements,
 * HttpClient and System.Text.Json. No compiler for that form comes from Debian (see
 * ./mono-compatible.ts), so the tests compile each sample with Mono's after a fixed, tested
 * rewrite of the forms it lacks, and run it.
 */
import type {SampleRequest} from '../../openapi/samples';
import {formFields, hasQuery, idempotencyComment, isForm, jsonText, successOf, type SampleLanguage} from '../language';
import {monoCompatible, systemTextJsonStandIn} from './mono-compatible';

const env = (name: string) => `Environment.GetEnvironmentVariable("${name}")`;

const csharpString = (text: string) => JSON.stringify(text);

/** The JSON body as a raw string literal (C# 11), indented with the closing quotes. */
function rawString(body: unknown, indent: string): string {
  const lines = jsonText(body)
    .split('\n')
    .map((line) => `${indent}${line}`);
  return `"""\n${lines.join('\n')}\n${indent}"""`;
}

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const errors = request.errorFields;
  const usings = new Set(['System.Net.Http.Headers']);
  const method = request.method.charAt(0) + request.method.slice(1).toLowerCase();
  const url =
    auth.type === 'apiKey' && auth.in === 'query'
      ? `$"${request.url}${hasQuery(request.url) ? '&' : '?'}${auth.name}={Uri.EscapeDataString(${env(auth.key)} ?? "")}"`
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
  if (auth.type === 'apiKey' && auth.in === 'header') lines.push(`request.Headers.Add(${csharpString(auth.name)}, ${env(auth.key)});`);
  if (auth.type === 'apiKey' && auth.in === 'cookie') lines.push(`request.Headers.Add("Cookie", $"${auth.name}={${env(auth.key)}}");`);
  if (request.idempotencyKey) lines.push(`// ${idempotencyComment}`, 'request.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());');
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
    lines.push(`request.Content = new StringContent(${rawString(request.body, '    ')}, Encoding.UTF8, "application/json");`);
  }
  lines.push('', 'using var response = await client.SendAsync(request);');
  const parsesBody = success.hasBody || Boolean(errors?.code);
  const variable = success.name;
  if (parsesBody) {
    usings.add('System.Text.Json');
    lines.push(
      'using var json = JsonDocument.Parse(await response.Content.ReadAsStringAsync());',
      `var ${variable === 'json' ? 'body' : variable} = json.RootElement;`,
    );
  }
  const name = variable === 'json' ? 'body' : variable;
  const field = (member: string) => `{${name}.GetProperty(${csharpString(member)})}`;
  lines.push('if (!response.IsSuccessStatusCode)', '{');
  if (errors?.code) {
    lines.push(
      `    Console.Error.WriteLine($"{(int)response.StatusCode} ${field(errors.code)}: ${field(errors.message ?? errors.code)}${errors.requestId ? ` (request ${field(errors.requestId)})` : ''}");`,
    );
  } else lines.push('    Console.Error.WriteLine($"{(int)response.StatusCode} {await response.Content.ReadAsStringAsync()}");');
  lines.push('    return 1;', '}');
  if (!success.hasBody) lines.push('Console.WriteLine((int)response.StatusCode);');
  else if (success.fields.length > 0) lines.push(`Console.WriteLine($"${success.fields.map(field).join(' ')}");`);
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
    debianPackages: ['mono-mcs', 'libmono-system-net-http4.0-cil', 'libmono-system-web-extensions4.0-cil'],
    probe: {
      command: 'bash',
      args: [
        '-c',
        'command -v mcs && command -v mono && ls /usr/lib/mono/4.5/System.Net.Http.dll /usr/lib/mono/4.5/System.Web.Extensions.dll',
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
          'MonoProgram.cs',
          'SystemTextJson.cs',
        ],
      },
      {command: 'mono', args: ['program.exe'], program: true},
    ],
    timeoutMs: 60_000,
  },
};
