/**
 * A form-encoded body as the name and value pairs every language sends, in order: nested objects
 * and arrays in the bracket notation form APIs read (`metadata[order_id]`, `items[0][price]`,
 * Stripe's and Rails' convention), every value as text (`true`, `2000`), null as empty. The request
 * model uses it for a GET's query string, the languages for form bodies. It imports nothing, so the
 * sample languages' toolchain list loads no npm package (scripts/test-tools.ts, before npm ci).
 */
export function formFields(body: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(body)) return body.flatMap((item, index) => formFields(item, `${prefix}[${index}]`));
  if (body && typeof body === 'object') {
    return Object.entries(body).flatMap(([name, value]) => formFields(value, prefix ? `${prefix}[${name}]` : name));
  }
  return prefix ? [[prefix, body === null || body === undefined ? '' : String(body)]] : [];
}
