/**
 * An HTTP request written on a raw socket, byte for byte: for requests no HTTP client would send
 * (malformed, or with exactly the headers a test chooses), and the head of nginx's answer.
 */
import {connect} from 'node:net';
import {host} from '../../scripts/nginx-server';

export type RawAnswerHead = {statusLine: string; headers: Map<string, string>; headerNames: string[]};

/** Sends `bytes` as they are to `port` on loopback and reads the answer's head until the server closes the connection. */
export function sendRaw(port: number, bytes: Buffer | string): Promise<RawAnswerHead> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...lines] = received.split('\r\n\r\n')[0]!.split('\r\n');
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({statusLine, headers, headerNames: lines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase())});
    });
    socket.end(bytes);
  });
}
