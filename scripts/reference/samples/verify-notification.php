<?php
// Receives Tessera notifications: php -S 0.0.0.0:8080 verify-notification.php (PHP 8.2, no extensions).
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
declare(strict_types=1);

const SIGNATURE_TOLERANCE_SECONDS = 300;

/** True if the Tessera-Signature header signs this raw body with the secret, within the tolerance. */
function verifyTesseraSignature(string $header, string $rawBody, string $signingSecret, int $now): bool
{
    $timestamp = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        $pair = explode('=', trim($part), 2);
        if (count($pair) !== 2) {
            continue;
        }
        [$key, $value] = $pair;
        if ($key === 't' && ctype_digit($value)) {
            $timestamp = $value;
        } elseif ($key === 'v1' && $value !== '') {
            $signatures[] = $value; // Two v1 values during a signing secret rotation.
        }
    }
    if ($timestamp === null || $signatures === []) {
        return false;
    }
    if (abs($now - (int) $timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
        return false; // Too old or too far in the future: a possible replay.
    }
    $expected = hash_hmac('sha256', $timestamp . '.' . $rawBody, $signingSecret);
    foreach ($signatures as $signature) {
        if (hash_equals($expected, $signature)) { // Constant-time comparison.
            return true;
        }
    }
    return false;
}

$signingSecret = getenv('TESSERA_WEBHOOK_SECRET') ?: throw new RuntimeException('Set TESSERA_WEBHOOK_SECRET.');

if ($_SERVER['REQUEST_METHOD'] !== 'POST') {
    http_response_code(405);
    exit;
}

$rawBody = file_get_contents('php://input'); // The raw bytes, before any JSON parsing.
$header = $_SERVER['HTTP_TESSERA_SIGNATURE'] ?? '';
if ($rawBody === false || !verifyTesseraSignature($header, $rawBody, $signingSecret, time())) {
    http_response_code(400);
    exit;
}

$event = json_decode($rawBody, true, 512, JSON_THROW_ON_ERROR);
// Store the event under its id before you act on it; a retry of the same event has the same id.
error_log("Tessera event {$event['id']} ({$event['type']}) verified.");
http_response_code(200); // Answer within 10 seconds; process the event in the background.
echo 'ok';
