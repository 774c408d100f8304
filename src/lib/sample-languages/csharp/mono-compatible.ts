/**
 * Mono's C# compiler (mcs 6.8, the only C# compiler Debian ships) stops at C# 7.2 and has no
 * System.Text.Json, while the samples are written as .NET 8 developers write them. So the tests
 * compile a rewrite that changes only the forms mcs lacks, each one mechanically:
 * - top-level statements go into an async method that `Main` waits for (C# 9 and 7.1), and `Main`
 *   ends the process with its result: Mono can hang at exit on the threads HttpClient leaves; the
 *   types declared after the statements stay types of their own;
 * - the implicit usings of a .NET 8 console project become explicit (C# 10);
 * - `using var x = …;` and `using T x = …;` become declarations: the objects are released when the
 *   program ends (C# 8);
 * - `string?` and `object?` become `string` and `object`, and `T? x = null;` becomes `T x = null;`:
 *   nullable reference annotations (C# 8) only tell .NET's compiler which references may be null
 *   (were T a value type, `T x = null;` would not compile: a wrong rewrite fails loudly);
 * - a raw string literal becomes the verbatim string with the same text (C# 11), an interpolated one
 *   the interpolated verbatim string (C# 6);
 * - `HttpMethod.Patch` becomes `new HttpMethod("PATCH")` (.NET Core 2.1 API; Mono has the constructor);
 * - `Microsoft.Data.Sqlite` becomes Mono's `Mono.Data.Sqlite`, whose `SqliteConnection`,
 *   `SqliteCommand` and parameters are the same ADO.NET classes;
 * and compile it with a stand-in for the part of System.Text.Json the samples use (below), written
 * over Mono's JavaScriptSerializer. Every other token of the sample reaches the compiler unchanged:
 * its types, members and calls are checked against Mono's own class libraries and then run.
 */

/** What a .NET 8 console project imports implicitly (ImplicitUsings). */
const implicitUsings = [
  'System',
  'System.Collections.Generic',
  'System.IO',
  'System.Linq',
  'System.Net.Http',
  'System.Threading',
  'System.Threading.Tasks',
];

/** A raw string literal's text as a verbatim string literal: the closing quotes' indentation removed from each line, quotes doubled. */
function verbatimString(lines: string, indent: string, dollars = ''): string {
  const text = lines
    .split('\n')
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
    .join('\n');
  if (!dollars) return `@"${text.replaceAll('"', '""')}"`;
  // An interpolated raw string (`$$"""…{{expression}}…"""`) as an interpolated verbatim one (C# 6):
  // its holes take one brace each, its text's braces are doubled.
  const n = dollars.length;
  const hole = new RegExp(`\\{{${n}}([\\s\\S]*?)\\}{${n}}`, 'g');
  const verbatim = (part: string) => part.replaceAll('"', '""').replaceAll('{', '{{').replaceAll('}', '}}');
  let result = '';
  let last = 0;
  for (const match of text.matchAll(hole)) {
    result += `${verbatim(text.slice(last, match.index))}{${match[1]}}`;
    last = match.index + match[0].length;
  }
  return `$@"${result}${verbatim(text.slice(last))}"`;
}

/** A type declared at the file's top level, after the top-level statements. */
const typeDeclaration = /^(?:(?:public|internal|static|sealed|abstract|partial)\s+)*(?:class|struct|interface|enum)\s/;

/** The forms of C# 8 to 11 that mcs lacks, in a piece of the program, rewritten. */
function withoutNewerForms(code: string): string {
  return code
    .replace(/(\$*)"""\n([\s\S]*?)\n([ \t]*)"""/g, (_, dollars: string, text: string, indent: string) =>
      verbatimString(text, indent, dollars),
    )
    .replace(/^([ \t]*)using var /gm, '$1var ')
    .replace(/^([ \t]*)using ([A-Z][\w.<>]*) (\w+) = /gm, '$1$2 $3 = ')
    .replace(/\b(string|object)\?(?=[\s>,)\]])/g, '$1')
    .replace(/\b([A-Z]\w*)\?(?= \w+ = null;)/g, '$1')
    .replace(/\bHttpMethod\.Patch\b/g, 'new HttpMethod("PATCH")');
}

export function monoCompatible(source: string): string {
  const lines = source.split('\n');
  const directives: string[] = [];
  let first = 0;
  for (; first < lines.length; first += 1) {
    const line = lines[first]!.trim();
    if (line === '' || line.startsWith('//')) continue;
    if (/^using [\w.]+;$/.test(line)) directives.push(line.replace(/^using Microsoft\.Data\.Sqlite;$/, 'using Mono.Data.Sqlite;'));
    else break;
  }
  const rest = lines.slice(first);
  const typesAt = rest.findIndex((line) => typeDeclaration.test(line));
  const statements = withoutNewerForms((typesAt < 0 ? rest : rest.slice(0, typesAt)).join('\n'));
  const types = typesAt < 0 ? [] : withoutNewerForms(rest.slice(typesAt).join('\n')).split('\n');
  const usings = [...new Set([...implicitUsings.map((name) => `using ${name};`), ...directives])];
  return [
    ...usings,
    '',
    'static class Program',
    '{',
    '    static async Task<int> Run()',
    '    {',
    ...statements.split('\n').map((line) => (line ? `        ${line}` : '')),
    '        return 0;',
    '    }',
    '',
    '    static void Main()',
    '    {',
    '        Environment.Exit(Run().GetAwaiter().GetResult());',
    '    }',
    '}',
    ...(types.length ? ['', ...types] : []),
  ].join('\n');
}

/**
 * The members of System.Text.Json the samples use (JsonDocument.Parse, RootElement, GetProperty,
 * TryGetProperty, GetString, ToString, JsonException for text that is no JSON; JsonSerializer's
 * Serialize and Deserialize of plain objects, dictionaries and anonymous types), over Mono's
 * JavaScriptSerializer: a test stand-in, never shown to readers. It writes JSON unindented
 * whatever `WriteIndented` says: the same values, in other whitespace.
 */
export const systemTextJsonStandIn = String.raw`using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Web.Script.Serialization;

namespace System.Text.Json
{
    public enum JsonValueKind { Undefined, Object, Array, String, Number, True, False, Null }

    public class JsonException : Exception
    {
        public JsonException(string message, Exception inner) : base(message, inner) { }
    }

    public sealed class JsonSerializerOptions
    {
        public bool WriteIndented { get; set; }
    }

    public static class JsonSerializer
    {
        public static string Serialize<TValue>(TValue value, JsonSerializerOptions options = null)
        {
            return new JavaScriptSerializer().Serialize(value);
        }

        public static TValue Deserialize<TValue>(string json, JsonSerializerOptions options = null)
        {
            try
            {
                return new JavaScriptSerializer().Deserialize<TValue>(json);
            }
            catch (ArgumentException invalid)
            {
                throw new JsonException(invalid.Message, invalid);
            }
        }
    }

    public sealed class JsonDocument : IDisposable
    {
        private JsonDocument(JsonElement root) { RootElement = root; }

        public JsonElement RootElement { get; private set; }

        public static JsonDocument Parse(string json)
        {
            try
            {
                return new JsonDocument(new JsonElement(new JavaScriptSerializer().DeserializeObject(json), true));
            }
            catch (ArgumentException invalid)
            {
                throw new JsonException(invalid.Message, invalid);
            }
        }

        public void Dispose() { }
    }

    public struct JsonElement
    {
        private readonly object value;
        private readonly bool defined;

        internal JsonElement(object value, bool defined) { this.value = value; this.defined = defined; }

        public JsonValueKind ValueKind
        {
            get
            {
                if (!defined) return JsonValueKind.Undefined;
                if (value == null) return JsonValueKind.Null;
                if (value is string) return JsonValueKind.String;
                if (value is bool) return (bool)value ? JsonValueKind.True : JsonValueKind.False;
                if (value is IDictionary<string, object>) return JsonValueKind.Object;
                if (value is IEnumerable) return JsonValueKind.Array;
                return JsonValueKind.Number;
            }
        }

        public JsonElement GetProperty(string name)
        {
            JsonElement member;
            if (!TryGetProperty(name, out member)) throw new KeyNotFoundException(name);
            return member;
        }

        public bool TryGetProperty(string name, out JsonElement member)
        {
            var members = value as IDictionary<string, object>;
            if (members == null) throw new InvalidOperationException("The element is not an object.");
            object found;
            bool exists = members.TryGetValue(name, out found);
            member = new JsonElement(found, exists);
            return exists;
        }

        public string GetString()
        {
            if (value == null) return null;
            var text = value as string;
            if (text == null) throw new InvalidOperationException("The element is not a string.");
            return text;
        }

        public override string ToString()
        {
            switch (ValueKind)
            {
                case JsonValueKind.Undefined:
                case JsonValueKind.Null:
                    return "";
                case JsonValueKind.String:
                    return (string)value;
                case JsonValueKind.True:
                    return "True";
                case JsonValueKind.False:
                    return "False";
                case JsonValueKind.Number:
                    return Convert.ToString(value, CultureInfo.InvariantCulture);
                default:
                    return new JavaScriptSerializer().Serialize(value);
            }
        }
    }
}
`;
