/** The requests and responses the simulator exchanges with whatever hosts it: a Node server, a worker, a test. */
export type SandboxRequest = {
  method: string;
  /** The path with its query string, as on the request line: `/v3/sessions?x=1`. */
  path: string;
  /** Header names in any case. */
  headers: Record<string, string | undefined>;
  /** The raw body, exactly as sent. */
  body?: string;
};

export type SandboxResponse = {status: number; headers: Record<string, string>; body: string};

/** A header's value whatever the case of its name. */
export function header(headers: SandboxRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
