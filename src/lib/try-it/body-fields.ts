/**
 * The JSON body as fields: each value of the body that is not an object or an array (a string, a
 * number, a boolean, null), named by where it sits (`merchantUrls.notification`,
 * `orderLines[0].quantity`), and the body again with one field changed. The console shows these
 * beside the JSON; both edit the same text. No DOM: the unit tests run it.
 */
import {escapePointer, unescapePointer} from '../openapi/refs';

export type BodyField = {
  /** Where the value sits, as a JSON pointer (`/orderLines/0/quantity`): the form the schema check names. */
  pointer: string;
  /** The same place as a reader writes it: `orderLines[0].quantity`. */
  label: string;
  kind: 'string' | 'number' | 'boolean' | 'null';
  /** The value as the field shows it. */
  text: string;
};

/** Every field of a body, in the order the JSON shows them; none when the body is not an object or an array. */
export function bodyFields(body: unknown): BodyField[] {
  const fields: BodyField[] = [];
  const visit = (value: unknown, pointer: string, label: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${pointer}/${index}`, `${label}[${index}]`));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [name, member] of Object.entries(value))
        visit(member, `${pointer}/${escapePointer(name)}`, label ? `${label}.${name}` : name);
      return;
    }
    if (!pointer) return;
    const kind = value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
    fields.push({pointer, label, kind, text: value === null ? 'null' : String(value)});
  };
  if (body !== null && typeof body === 'object') visit(body, '', '');
  return fields;
}

/**
 * What a field's text means, given the kind of value it held: a number stays a number while the
 * text is one, `true`/`false` a boolean, `null` null; any other text is a string, which the schema
 * check then names if the field wants another type (`/amount` must be integer).
 */
export function fieldValue(kind: BodyField['kind'], text: string): unknown {
  if (kind === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  if (kind === 'null' && text === 'null') return null;
  return text;
}

/** The body with the value at `pointer` replaced; the body itself is left as it was. */
export function withField(body: unknown, pointer: string, value: unknown): unknown {
  const segments = pointer.split('/').slice(1).map(unescapePointer);
  const replace = (node: unknown, at: number): unknown => {
    if (at === segments.length) return value;
    const segment = segments[at]!;
    if (Array.isArray(node)) {
      const copy = [...node];
      copy[Number(segment)] = replace(node[Number(segment)], at + 1);
      return copy;
    }
    if (node !== null && typeof node === 'object')
      return {...(node as Record<string, unknown>), [segment]: replace((node as Record<string, unknown>)[segment], at + 1)};
    throw new Error(`the body has no field at ${pointer}`);
  };
  return replace(body, 0);
}
