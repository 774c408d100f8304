/**
 * Static checks of C# samples. No C# 12 compiler can be installed from the registries this project
 * reaches (Debian has no .NET SDK; Mono's compiler stops before raw string literals and top-level
 * statements), so a C# sample is checked for what breaks a copied program most often:
 * - brackets balance, outside strings, characters and comments;
 * - every JSON literal (a raw string literal) parses, and equals one of the bodies it should send;
 * - every API call it makes (`HttpMethod.X, "…"` or `GetAsync`/`PostAsJsonAsync`/… with a path)
 *   names a method and path that the OpenAPI file defines.
 */

const pairs: Record<string, string> = {')': '(', ']': '[', '}': '{'};

/** Where the brackets of C# code stop balancing, or undefined. Strings and comments are skipped; interpolation holes are code. */
export function bracketProblem(source: string): string | undefined {
  const stack: {char: string; line: number; hole?: boolean}[] = [];
  let line = 1;
  let index = 0;
  const at = (offset = 0) => source[index + offset] ?? '';
  const advance = (count = 1) => {
    for (let step = 0; step < count; step += 1) {
      if (source[index] === '\n') line += 1;
      index += 1;
    }
  };
  // An interpolated string's holes hold code: `stack` records the hole's brace like any other.
  type Context = {kind: 'code'} | {kind: 'string'; raw: number; verbatim: boolean; interpolated: boolean};
  const contexts: Context[] = [{kind: 'code'}];
  while (index < source.length) {
    const context = contexts[contexts.length - 1]!;
    const char = at();
    if (context.kind === 'string') {
      if (context.raw > 0) {
        if (source.startsWith('"'.repeat(context.raw), index)) {
          contexts.pop();
          advance(context.raw);
        } else if (context.interpolated && char === '{') {
          contexts.push({kind: 'code'});
          stack.push({char: '{', line, hole: true});
          advance();
        } else advance();
      } else if (!context.verbatim && char === '\\') advance(2);
      else if (context.verbatim && char === '"' && at(1) === '"') advance(2);
      else if (context.interpolated && char === '{' && at(1) === '{') advance(2);
      else if (context.interpolated && char === '}' && at(1) === '}') advance(2);
      else if (context.interpolated && char === '{') {
        contexts.push({kind: 'code'});
        stack.push({char: '{', line, hole: true});
        advance();
      } else if (char === '"') {
        contexts.pop();
        advance();
      } else if (char === '\n' && !context.verbatim) return `line ${line}: a string literal runs past the end of the line`;
      else advance();
      continue;
    }
    if (char === '/' && at(1) === '/') {
      while (index < source.length && at() !== '\n') advance();
      continue;
    }
    if (char === '/' && at(1) === '*') {
      const end = source.indexOf('*/', index + 2);
      if (end < 0) return `line ${line}: a comment never closes`;
      advance(end + 2 - index);
      continue;
    }
    if (char === "'") {
      const end = /^'(?:\\.|[^'\\])+'/.exec(source.slice(index));
      if (!end) return `line ${line}: a broken character literal`;
      advance(end[0].length);
      continue;
    }
    const prefix = /^(\$?@?\$?)("+)/.exec(source.slice(index, index + 12));
    if (prefix && (prefix[1] !== '' || char === '"')) {
      const quotes = prefix[2]!.length;
      const raw = quotes >= 3 ? quotes : 0;
      contexts.push({kind: 'string', raw, verbatim: prefix[1]!.includes('@'), interpolated: prefix[1]!.includes('$')});
      // `""` is an empty regular string: open and close at once.
      if (!raw && quotes === 2) {
        contexts.pop();
        advance(prefix[0].length);
        continue;
      }
      advance(prefix[1]!.length + (raw || 1));
      continue;
    }
    if ('([{'.includes(char)) stack.push({char, line});
    else if (char in pairs) {
      const open = stack.pop();
      if (!open || open.char !== pairs[char])
        return `line ${line}: '${char}' closes ${open ? `'${open.char}' from line ${open.line}` : 'nothing'}`;
      // The brace that closes an interpolation hole returns to the string around it.
      if (open.hole) {
        contexts.pop();
        advance();
        continue;
      }
    }
    advance();
  }
  if (contexts.length > 1) return 'a string literal never closes';
  const open = stack.pop();
  return open ? `'${open.char}' from line ${open.line} never closes` : undefined;
}

/** The raw string literals (`"""` … `"""`) that hold JSON (an object or an array), parsed. */
export function jsonLiterals(source: string): {text: string; value?: unknown; error?: string}[] {
  const literals = [...source.matchAll(/(?<!\$)"""\n([\s\S]*?)\n\s*"""/g)].filter((match) => /^\s*[[{]/.test(match[1]!));
  return literals.map((match) => {
    const text = match[1]!;
    try {
      return {text, value: JSON.parse(text) as unknown};
    } catch (error) {
      return {text, error: (error as Error).message};
    }
  });
}

export type ApiCall = {method: string; path: string};

const verbOf: Record<string, string> = {Get: 'GET', Post: 'POST', Put: 'PUT', Patch: 'PATCH', Delete: 'DELETE'};

/**
 * The calls a sample makes: `new HttpRequestMessage(HttpMethod.Post, "…")` and HttpClient's
 * `GetAsync("…")`, `PostAsJsonAsync($"…", …)` and the like. Interpolation holes become `{}`.
 */
export function apiCalls(source: string, baseUrl: string): ApiCall[] {
  const calls: ApiCall[] = [];
  const literal = String.raw`\$?"([^"\n]*)"`;
  const patterns = [
    new RegExp(String.raw`HttpMethod\.(Get|Post|Put|Patch|Delete),\s*${literal}`, 'g'),
    new RegExp(String.raw`\.(Get|Post|Put|Patch|Delete)(?:AsJson|FromJson)?Async(?:<[^>(]*>)?\(\s*${literal}`, 'g'),
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      const target = match[2]!.replace(baseUrl, '').replace(/\{[^}]*\}/g, '{}');
      calls.push({method: verbOf[match[1]!]!, path: target.split('?')[0]!});
    }
  }
  return calls;
}

/** Whether `path` (with `{}` for interpolated parts) matches the template `/v3/orders/{orderId}`. */
export function matchesTemplate(path: string, template: string): boolean {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}
