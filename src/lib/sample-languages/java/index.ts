/**
 * Java 17 with the JDK's java.net.http client and Jackson, the JSON library most Java integrators
 * use (Debian: default-jdk-headless, libjackson2-databind-java). A single-file program: `java
 * CreateSession.java` compiles and runs it.
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {SampleRequest} from '../../openapi/samples';
import {
  apiKeysOf,
  baseName,
  bodyLiteral,
  errorMembers,
  formFields,
  hasQuery,
  keyComment,
  isForm,
  jsonText,
  pascalCase,
  successOf,
  type SampleLanguage,
} from '../language';

const env = (name: string) => `System.getenv("${name}")`;

/** A Java string literal. */
const javaString = (text: string) => JSON.stringify(text);

/** The JSON body as a text block: its lines indented with the code, backslashes escaped. */
function textBlock(body: unknown, indent: string, formatted = false): string {
  const lines = (formatted ? jsonText(body).replaceAll('%', '%%') : jsonText(body))
    .replaceAll('\\', '\\\\')
    .replaceAll('"""', '\\"""')
    .split('\n')
    .map((line) => `${indent}${line}`);
  return `"""\n${lines.join('\n')}\n${indent}"""`;
}

export const className = (request: SampleRequest) => pascalCase(baseName(request)) || 'Sample';

function bodyPublisher(request: SampleRequest): string {
  const publisher = request.body === undefined ? 'HttpRequest.BodyPublishers.noBody()' : 'HttpRequest.BodyPublishers.ofString(payload)';
  switch (request.method) {
    case 'GET':
      return '.GET()';
    case 'DELETE':
      return request.body === undefined ? '.DELETE()' : `.method("DELETE", ${publisher})`;
    case 'POST':
      return `.POST(${publisher})`;
    case 'PUT':
      return `.PUT(${publisher})`;
    default:
      return `.method("${request.method}", ${publisher})`;
  }
}

export function render(request: SampleRequest): string {
  const auth = request.auth;
  const success = successOf(request);
  const imports = new Set(['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse']);
  const statements: string[] = [];
  if (isForm(request)) {
    imports.add('java.util.LinkedHashMap').add('java.util.Map').add('java.util.stream.Collectors');
    imports.add('java.net.URLEncoder').add('java.nio.charset.StandardCharsets');
    statements.push(
      'Map<String, String> form = new LinkedHashMap<>();',
      ...formFields(request.body).map(([name, value]) => `form.put(${javaString(name)}, ${javaString(value)});`),
      'String payload = form.entrySet().stream()',
      '    .map(field -> URLEncoder.encode(field.getKey(), StandardCharsets.UTF_8) + "="',
      '        + URLEncoder.encode(field.getValue(), StandardCharsets.UTF_8))',
      '    .collect(Collectors.joining("&"));',
    );
  } else if (request.body !== undefined) {
    // A credential the body must carry goes in with String.formatted, every other % of the text doubled.
    const body = bodyLiteral(
      request,
      (value) => textBlock(value, '            ', request.bodyKeys !== undefined),
      (_, quote) => `${quote}%s${quote}`,
    );
    const formatted = body.keys.length > 0 ? `.formatted(${body.keys.map(env).join(', ')})` : '';
    statements.push(`String payload = ${body.text}${formatted};`);
  }
  if (auth.type === 'basic') {
    imports.add('java.util.Base64').add('java.nio.charset.StandardCharsets');
    statements.push(
      'String credentials = Base64.getEncoder().encodeToString(',
      `    (${env(auth.username)} + ":" + ${env(auth.password)}).getBytes(StandardCharsets.UTF_8));`,
    );
  }
  let uri = `URI.create(${javaString(request.url)})`;
  const keys = apiKeysOf(request);
  const inQuery = keys.filter((key) => key.in === 'query');
  if (inQuery.length > 0) {
    imports.add('java.net.URLEncoder').add('java.nio.charset.StandardCharsets');
    const parts = inQuery.map(
      (key, index) =>
        `${javaString(`${index === 0 ? `${request.url}${hasQuery(request.url) ? '&' : '?'}` : '&'}${key.name}=`)}\n        + URLEncoder.encode(${env(key.key)}, StandardCharsets.UTF_8)`,
    );
    uri = `URI.create(${parts.join('\n        + ')})`;
  }
  const builder = [`HttpRequest request = HttpRequest.newBuilder(${uri})`];
  if (auth.type === 'basic') builder.push('    .header("Authorization", "Basic " + credentials)');
  if (auth.type === 'bearer') builder.push(`    .header("Authorization", "Bearer " + ${env(auth.token)})`);
  for (const key of keys.filter((candidate) => candidate.in === 'header'))
    builder.push(`    .header(${javaString(key.name)}, ${env(key.key)})`);
  const cookies = keys
    .filter((key) => key.in === 'cookie')
    .map((key, index) => `${javaString(`${index === 0 ? '' : '; '}${key.name}=`)} + ${env(key.key)}`);
  if (cookies.length > 0) builder.push(`    .header("Cookie", ${cookies.join(' + ')})`);
  if (request.idempotencyKey) {
    if (!request.triedIdempotencyKey) imports.add('java.util.UUID');
    builder.push(
      `    // ${keyComment(request)}`,
      `    .header("Idempotency-Key", ${request.triedIdempotencyKey ? `"${request.triedIdempotencyKey}"` : 'UUID.randomUUID().toString()'})`,
    );
  }
  builder.push('    .header("Accept", "application/json")');
  if (request.body !== undefined)
    builder.push(`    .header("Content-Type", "${isForm(request) ? 'application/x-www-form-urlencoded' : 'application/json'}")`);
  builder.push(`    ${bodyPublisher(request)}`, '    .build();');
  statements.push(...builder);
  statements.push('HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());', '');
  const errors = request.errorFields;
  const text = (variable: string, field: string) => `${variable}.path(${javaString(field)}).asText()`;
  const raw = 'System.err.println(response.statusCode() + " " + response.body());';
  statements.push('if (response.statusCode() >= 400) {');
  if (errors?.code) {
    imports.add('com.fasterxml.jackson.databind.JsonNode').add('com.fasterxml.jackson.databind.ObjectMapper');
    imports.add('com.fasterxml.jackson.core.JsonProcessingException');
    const {code, message, requestId} = errorMembers({...errors, code: errors.code});
    const members = [code, ...(message ? [message] : []), ...(requestId ? [requestId] : [])];
    statements.push(
      '    try {',
      '        JsonNode error = new ObjectMapper().readTree(response.body());',
      `        if (error.hasNonNull(${javaString(code)})) {`,
      `            System.err.printf("%d %s${message ? ': %s' : ''}${requestId ? ' (request %s)' : ''}%n", response.statusCode(),`,
      `                ${members.map((member) => text('error', member)).join(', ')});`,
      '            System.exit(1);',
      '        }',
      '    } catch (JsonProcessingException notJson) {',
      '        // Not JSON.',
      '    }',
      "    // Not the API's error body (a gateway's or a proxy's page): as it came.",
      `    ${raw}`,
    );
  } else {
    statements.push(`    ${raw}`);
  }
  statements.push('    System.exit(1);', '}');
  if (success.hasBody) {
    imports.add('com.fasterxml.jackson.databind.JsonNode').add('com.fasterxml.jackson.databind.ObjectMapper');
    statements.push(`JsonNode ${success.name} = new ObjectMapper().readTree(response.body());`);
  }
  if (!success.hasBody) statements.push('System.out.println(response.statusCode());');
  else if (success.fields.length > 0)
    statements.push(`System.out.println(${success.fields.map((field) => text(success.name, field)).join(' + " " + ')});`);
  else statements.push(`System.out.println(${success.name}.toPrettyString());`);
  return [
    '// Java 17 or later, with Jackson (com.fasterxml.jackson.core:jackson-databind)',
    ...[...imports].sort().map((name) => `import ${name};`),
    '',
    `public class ${className(request)} {`,
    '    public static void main(String[] args) throws Exception {',
    ...statements.map((line) => (line ? `        ${line}` : '')),
    '    }',
    '}',
  ].join('\n');
}

const jacksonJars = ['jackson-databind', 'jackson-core', 'jackson-annotations'].map((name) => `/usr/share/java/${name}.jar`);

/**
 * How the tests start the JVM, which the program does not see: the quick compiler alone and one GC
 * thread, and a class-data archive of the source launcher's compiler and Jackson that the first
 * run writes and later runs map (JDK 17's dynamic CDS). Together about two thirds less CPU a run
 * (3.3 → 1.2 s), which is most of what the Java samples cost the suite.
 */
const startUpFlags = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

let archivePath: string | undefined;

/** The archive for this JDK: an archive written by another JDK would not map. */
function classArchive(): string {
  if (!archivePath) {
    const version = spawnSync('java', ['-version'], {encoding: 'utf8'});
    const jdk = createHash('sha256').update(`${version.stderr}${version.stdout}`).digest('hex').slice(0, 12);
    archivePath = path.join(os.tmpdir(), `tessera-samples-java-${jdk}.jsa`);
  }
  return archivePath;
}

export const java: SampleLanguage = {
  id: 'java',
  label: 'Java',
  runsWith: 'Java 17 with java.net.http and Jackson',
  highlight: 'java',
  render,
  toolchain: {
    debianPackages: ['default-jdk-headless', 'libjackson2-databind-java', 'libfaketime'],
    // The notification verifier's tests set its clock with libfaketime (../fake-clock.ts).
    clock: 'libfaketime',
    probe: {command: 'bash', args: ['-c', `command -v java && ls ${jacksonJars.join(' ')}`]},
    // The single-file launcher runs the file's first class, whatever the file's name; a reader names it after the class.
    fileName: (source) => `${/^public class (\w+)/m.exec(source)?.[1] ?? 'Sample'}.java`,
    steps: (file) => {
      const program = ['-cp', jacksonJars.join(':'), file];
      const archive = classArchive();
      if (existsSync(archive))
        return [{command: 'java', args: [...startUpFlags, `-XX:SharedArchiveFile=${archive}`, ...program], program: true}];
      const written = `${archive}.${process.pid}.${Date.now()}`;
      return [
        {command: 'java', args: [...startUpFlags, `-XX:ArchiveClassesAtExit=${written}`, ...program], program: true},
        {command: 'mv', args: ['-f', written, archive]},
      ];
    },
    timeoutMs: 60_000,
  },
};
