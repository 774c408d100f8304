// Receives Tessera notifications: node verify-notification.mjs (Node.js 20 or later, no packages).
// Listens on PORT (default 8080) and answers a POST to any path, like the PHP router script.
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const SIGNATURE_TOLERANCE_SECONDS = 300;

/** True if the Tessera-Signature header signs this raw body with the secret, within the tolerance. */
function verifyTesseraSignature(header, rawBody, signingSecret, now) {
  let timestamp = null;
  const signatures = [];
  for (const part of header.split(',')) {
    const pair = part.trim();
    const separator = pair.indexOf('=');
    if (separator === -1) {
      continue;
    }
    const key = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    if (key === 't' && /^\d+$/.test(value)) {
      timestamp = value;
    } else if (key === 'v1' && value !== '') {
      signatures.push(value); // Two v1 values during a signing secret rotation.
    }
  }
  if (timestamp === null || signatures.length === 0) {
    return false;
  }
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
    return false; // Too old or too far in the future: a possible replay.
  }
  const expected = Buffer.from(
    createHmac('sha256', signingSecret).update(`${timestamp}.`).update(rawBody).digest('hex'),
  );
  return signatures.some((signature) => {
    const candidate = Buffer.from(signature);
    // Constant-time comparison; timingSafeEqual needs equal lengths, and the length is no secret.
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}

const signingSecret = process.env.TESSERA_WEBHOOK_SECRET;
if (!signingSecret) {
  throw new Error('Set TESSERA_WEBHOOK_SECRET.');
}

const server = http.createServer(async (request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(405, { Allow: 'POST' }).end();
    return;
  }

  try {
    const chunks = [];
    for await (const chunk of request) {
      chunks.push(chunk);
    }
    const rawBody = Buffer.concat(chunks); // The raw bytes, before any JSON parsing.
    const header = request.headers['tessera-signature'] ?? '';
    if (!verifyTesseraSignature(header, rawBody, signingSecret, Math.floor(Date.now() / 1000))) {
      response.writeHead(400).end();
      return;
    }

    const event = JSON.parse(rawBody.toString('utf8'));
    // Store the event under its id before you act on it; a retry of the same event has the same id.
    console.error(`Tessera event ${event.id} (${event.type}) verified.`);
    response.writeHead(200).end('ok'); // Answer within 10 seconds; process the event in the background.
  } catch (error) {
    console.error(`Tessera notification not read: ${error.message}`);
    response.writeHead(500).end();
  }
});

const port = Number(process.env.PORT ?? 8080);
server.listen(port, '127.0.0.1', () => console.error(`Listening on http://127.0.0.1:${port}`));
