/**
 * The request body a PHP (Guzzle `'json' =>`) or C# (`JsonContent.Create`, `…AsJsonAsync`,
 * `StringContent` with JSON) sample sends, read statically from its literals, so a test can
 * compare it with the JSON tab next to it. Variables assigned a literal in the same sample are
 * followed; any other expression (a computed id, a timestamp) is `unresolved` and matches any value.
 */

export const unresolved = Symbol('unresolved');
export type BodyValue = null | boolean | number | string | BodyValue[] | {[key: string]: BodyValue} | typeof unresolved;

class Reader {
  index = 0;
  constructor(readonly text: string) {}
  skip(): void {
    for (;;) {
      const rest = this.text.slice(this.index);
      const space = /^(\s+|\/\/[^\n]*|#(?!\[)[^\n]*|\/\*[\s\S]*?\*\/)/.exec(rest);
      if (!space) return;
      this.index += space[0].length;
    }
  }
  peek(pattern: RegExp): RegExpExecArray | null {
    this.skip();
    return pattern.exec(this.text.slice(this.index));
  }
  take(pattern: RegExp): RegExpExecArray | null {
    const match = this.peek(pattern);
    if (match) this.index += match[0].length;
    return match;
  }
  /** Skips one expression this reader does not understand, up to a `,` `]` `}` `)` `;` at its own depth. */
  skipExpression(): void {
    let depth = 0;
    for (this.skip(); this.index < this.text.length; this.index++) {
      const char = this.text[this.index]!;
      if ('([{'.includes(char)) depth += 1;
      else if (')]}'.includes(char)) {
        if (depth === 0) return;
        depth -= 1;
      } else if ((char === ',' || char === ';') && depth === 0) return;
      else if (char === '"' || char === "'") {
        const end = this.text.indexOf(char, this.index + 1);
        this.index = end < 0 ? this.text.length : end;
      }
    }
  }
}

const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[mMlLdDfF]?(?![\w.])/;

function phpString(quoted: string): string | typeof unresolved {
  const body = quoted.slice(1, -1);
  if (quoted[0] === '"' && /\$|\{\$/.test(body)) return unresolved;
  return quoted[0] === "'" ? body.replace(/\\(['\\])/g, '$1') : body.replace(/\\(["\\$])/g, '$1').replace(/\\n/g, '\n');
}

/** The PHP value at the reader: array literals, strings, numbers, constants and `$variables`. */
function readPhpValue(reader: Reader, code: string, depth: number): BodyValue {
  if (reader.take(/^\[/)) {
    const list: BodyValue[] = [];
    const object: {[key: string]: BodyValue} = {};
    let keyed = false;
    while (!reader.take(/^\]/)) {
      const key = reader.peek(/^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*=>/);
      if (key) {
        reader.take(/^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*=>/);
        keyed = true;
        object[String(phpString(key[1]!))] = readPhpValue(reader, code, depth);
      } else {
        list.push(readPhpValue(reader, code, depth));
      }
      reader.take(/^,/);
      if (reader.index >= reader.text.length) break;
    }
    return keyed ? object : list;
  }
  const string = reader.take(/^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?!\s*\.)/);
  if (string) return phpString(string[1]!);
  const literal = reader.take(number);
  if (literal) return Number(literal[0]);
  if (reader.take(/^(?:true|TRUE)\b/)) return true;
  if (reader.take(/^(?:false|FALSE)\b/)) return false;
  if (reader.take(/^(?:null|NULL)\b/)) return null;
  const variable = reader.peek(/^\$(\w+)\s*(?=[,\]);])/);
  if (variable && depth < 5) {
    reader.take(/^\$\w+/);
    const assignment = new RegExp(`\\$${variable[1]}\\s*=\\s*(?!=)`).exec(code);
    if (assignment) return readPhpValue(new Reader(code.slice(assignment.index + assignment[0].length)), code, depth + 1);
    return unresolved;
  }
  reader.skipExpression();
  return unresolved;
}

function csharpString(reader: Reader): string | typeof unresolved | undefined {
  const raw = reader.take(/^(\$*)("{3,})\n?([\s\S]*?)\n?[ \t]*\2/);
  if (raw) {
    if (raw[1]) return unresolved;
    const lines = raw[3]!.split('\n');
    const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.search(/\S/)));
    return lines.map((line) => line.slice(indent)).join('\n');
  }
  const verbatim = reader.take(/^(\$?)@"((?:[^"]|"")*)"/);
  if (verbatim) return verbatim[1] ? unresolved : verbatim[2]!.replace(/""/g, '"');
  const regular = reader.take(/^(\$?)"((?:[^"\\]|\\.)*)"/);
  if (regular) return regular[1] && /\{/.test(regular[2]!) ? unresolved : (JSON.parse(`"${regular[2]!}"`) as string);
  return undefined;
}

/** System.Net.Http.Json serializes with the web defaults: property names in camel case. */
const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1);

/** The C# value at the reader: anonymous objects, arrays, collection and dictionary initializers, literals, locals. */
function readCsharpValue(reader: Reader, code: string, depth: number): BodyValue {
  reader.take(/^\((?:string|int|long|object|decimal|bool)\??\)/);
  if (reader.take(/^new\s*\{/)) {
    const object: {[key: string]: BodyValue} = {};
    while (!reader.take(/^\}/)) {
      const member = reader.take(/^@?(\w+)\s*=(?!=)/);
      if (member) object[camel(member[1]!)] = readCsharpValue(reader, code, depth);
      else {
        const projected = reader.take(/^(\w+)/);
        if (!projected) break;
        object[camel(projected[1]!)] = resolveCsharpName(projected[1]!, code, depth);
      }
      reader.take(/^,/);
    }
    return object;
  }
  const dictionary = reader.take(/^new\s+(?:System\.Collections\.Generic\.)?Dictionary<[^{]*>\s*(?:\(\s*\))?\s*\{/);
  if (dictionary) {
    const object: {[key: string]: BodyValue} = {};
    while (!reader.take(/^\}/)) {
      if (reader.take(/^\[/)) {
        const key = csharpString(reader);
        reader.take(/^\]\s*=/);
        object[String(key)] = readCsharpValue(reader, code, depth);
      } else if (reader.take(/^\{/)) {
        const key = csharpString(reader);
        reader.take(/^,/);
        object[String(key)] = readCsharpValue(reader, code, depth);
        reader.take(/^\}/);
      } else break;
      reader.take(/^,/);
    }
    return object;
  }
  if (
    reader.take(
      /^(?:new\s*(?:[\w.<>?]+\s*)?\[\s*\]\s*|new\s+(?:System\.Collections\.Generic\.)?List<[^{]*>\s*(?:\(\s*\))?\s*|\[)(?=[{\s])\{?/,
    )
  ) {
    const list: BodyValue[] = [];
    while (!reader.take(/^[}\]]/)) {
      list.push(readCsharpValue(reader, code, depth));
      reader.take(/^,/);
      if (reader.index >= reader.text.length) break;
    }
    return list;
  }
  const string = csharpString(reader);
  if (string !== undefined) {
    if (reader.peek(/^\s*\+/)) {
      reader.skipExpression();
      return unresolved;
    }
    return string;
  }
  const literal = reader.take(number);
  if (literal) return Number(literal[0].replace(/[mMlLdDfF]$/, ''));
  if (reader.take(/^true\b/)) return true;
  if (reader.take(/^false\b/)) return false;
  if (reader.take(/^null\b/)) return null;
  const name = reader.peek(/^(\w+)\s*(?=[,});\]])/);
  if (name) {
    reader.take(/^\w+/);
    return resolveCsharpName(name[1]!, code, depth);
  }
  reader.skipExpression();
  return unresolved;
}

function resolveCsharpName(name: string, code: string, depth: number): BodyValue {
  if (depth >= 5) return unresolved;
  const declaration = new RegExp(
    `(?:var|const\\s+\\w+\\??|[A-Z]\\w*(?:<[^>]*>)?\\??|string|int|long|object|decimal|bool)\\s+${name}\\s*=\\s*(?!=)`,
  ).exec(code);
  return declaration ? readCsharpValue(new Reader(code.slice(declaration.index + declaration[0].length)), code, depth + 1) : unresolved;
}

/** The body a PHP sample sends with Guzzle's `json` option, or undefined when it sends none. */
export function phpRequestBody(code: string): BodyValue | undefined {
  const option = /['"]json['"]\s*=>\s*/.exec(code);
  if (!option) return undefined;
  return readPhpValue(new Reader(code.slice(option.index + option[0].length)), code, 0);
}

/** The body a C# sample sends as JSON, or undefined when it sends none. */
export function csharpRequestBody(code: string): BodyValue | undefined {
  const create = /JsonContent\.Create\(\s*/.exec(code);
  if (create) return readCsharpValue(new Reader(code.slice(create.index + create[0].length)), code, 0);
  const asJson = /\.(?:Post|Put|Patch)AsJsonAsync\(/.exec(code);
  if (asJson) {
    const reader = new Reader(code.slice(asJson.index + asJson[0].length));
    reader.skipExpression();
    reader.take(/^,/);
    return readCsharpValue(reader, code, 0);
  }
  const content = /new\s+StringContent\(\s*/.exec(code);
  if (content) {
    const text = csharpString(new Reader(code.slice(content.index + content[0].length)));
    if (typeof text !== 'string') return unresolved;
    try {
      return JSON.parse(text) as BodyValue;
    } catch {
      return unresolved;
    }
  }
  return undefined;
}

/** Where `actual` differs from `expected` (the JSON tab), as JSON pointers; unresolved values match anything. */
export function bodyDifferences(expected: unknown, actual: BodyValue, at = ''): string[] {
  if (actual === unresolved) return [];
  if (
    Array.isArray(expected) &&
    !Array.isArray(actual) &&
    typeof actual === 'object' &&
    actual &&
    !Object.keys(actual).length &&
    !expected.length
  )
    return [];
  if (
    Array.isArray(actual) &&
    !actual.length &&
    expected &&
    typeof expected === 'object' &&
    !Array.isArray(expected) &&
    !Object.keys(expected).length
  )
    return [];
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual))
      return [`${at || '/'}: ${JSON.stringify(expected)} in JSON, ${describe(actual)} in the sample`];
    if (expected.length !== actual.length) return [`${at || '/'}: ${expected.length} items in JSON, ${actual.length} in the sample`];
    return expected.flatMap((item, index) => bodyDifferences(item, actual[index]!, `${at}/${index}`));
  }
  if (expected && typeof expected === 'object') {
    if (!actual || typeof actual !== 'object') return [`${at || '/'}: an object in JSON, ${describe(actual)} in the sample`];
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => {
      if (!(key in actual)) return [`${at}/${key}: missing from the sample`];
      if (!(key in (expected as object))) return [`${at}/${key}: not in the JSON tab`];
      return bodyDifferences((expected as Record<string, unknown>)[key], (actual as Record<string, BodyValue>)[key]!, `${at}/${key}`);
    });
  }
  return expected === actual ? [] : [`${at || '/'}: ${JSON.stringify(expected)} in JSON, ${describe(actual)} in the sample`];
}

const describe = (value: BodyValue) => (value === unresolved ? 'an expression' : JSON.stringify(value));

export type TabGroup = {line: number; fences: Array<{language: string; meta: Record<string, string>; code: string; line: number}>};

/** The fences of each `<Tabs>` group of a page. */
export function tabGroups<F extends {line: number}>(text: string, fences: F[]): Array<{line: number; fences: F[]}> {
  const groups: Array<{line: number; fences: F[]}> = [];
  const lines = text.split('\n');
  let open: {line: number; fences: F[]} | undefined;
  lines.forEach((content, index) => {
    if (/^\s*<Tabs\b/.test(content)) open = {line: index + 1, fences: []};
    else if (/^\s*<\/Tabs>/.test(content) && open) {
      const end = index + 1;
      const start = open.line;
      open.fences = fences.filter((fence) => fence.line > start && fence.line < end);
      groups.push(open);
      open = undefined;
    }
  });
  return groups;
}
