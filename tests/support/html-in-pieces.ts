/**
 * A proxy in front of the e2e server that sends each HTML page the way a busy phone on a slow link
 * may parse it: the top of the page (the navbar, then the content from `<main>` to past the element
 * that ends its first screen) one tag at a time, with a pause after each, so the browser can paint
 * every partly parsed state; the rest in one piece. Every other file passes through unchanged.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {firstScreenEndId} from '../../src/plugins/hold-first-paint/first-screen';

/** Long enough for a frame (16.7 ms at 60 Hz) to be painted between two pieces. */
const pauseMs = 25;

/** How much HTML after the first `</h1>` a first screen holds, at least. */
const firstScreenHtml = 3000;

/**
 * How much HTML after the element that ends the first screen (src/plugins/hold-first-paint) still
 * comes tag by tag: the first paint waits for that element, so the pieces after it leave the
 * browser time to paint while the rest of the page is still to come.
 */
const afterFirstScreenEnd = 1500;

/** Where each piece of `html` ends: after every tag in the navbar and in the top of the content. */
function pieceEnds(html: string): number[] {
  const regions: [number, number][] = [];
  const navbarStart = html.indexOf('<nav', html.indexOf('<body'));
  if (navbarStart >= 0) regions.push([navbarStart, html.indexOf('</nav>', navbarStart)]);
  const mainStart = html.indexOf('<main');
  const h1End = mainStart >= 0 ? html.indexOf('</h1>', mainStart) : -1;
  // The first screen ends after the tables that start in it: on the object, error-code and
  // notifications pages that is 3,600 to 8,000 characters after the heading.
  const firstScreenEnd = html.indexOf(`id=${firstScreenEndId}`, mainStart);
  const topEnd = Math.max(h1End + firstScreenHtml, firstScreenEnd < 0 ? -1 : firstScreenEnd + afterFirstScreenEnd);
  if (h1End >= 0) regions.push([mainStart, Math.min(topEnd, html.length)]);
  const ends: number[] = [];
  for (const [start, end] of regions) {
    if (end < 0) continue;
    for (let at = html.indexOf('>', start); at >= 0 && at <= end; at = html.indexOf('>', at + 1)) ends.push(at + 1);
  }
  return ends;
}

export type PiecewiseProxy = {origin: string; close: () => Promise<void>};

/** Starts the proxy in front of `upstream` (an origin such as http://127.0.0.1:3210). */
export async function startHtmlInPieces(upstream: string): Promise<PiecewiseProxy> {
  const {hostname, port} = new URL(upstream);
  const server = http.createServer((request, response) => {
    // Uncompressed, so that a piece ends where the page's text says.
    const headers = {...request.headers, 'accept-encoding': 'identity', host: `${hostname}:${port}`};
    const upstreamRequest = http.request({hostname, port, path: request.url, method: request.method, headers}, async (answer) => {
      const isHtml = String(answer.headers['content-type']).startsWith('text/html');
      if (!isHtml) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const html = Buffer.concat(chunks).toString('utf8');
      const {'content-length': _length, ...rest} = answer.headers;
      response.writeHead(answer.statusCode ?? 502, rest);
      let sent = 0;
      for (const end of [...pieceEnds(html), html.length]) {
        response.write(html.slice(sent, end));
        sent = end;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      response.end();
    });
    upstreamRequest.on('error', () => response.destroy());
    request.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
