"""Receives Tessera notifications and verifies their signature (Python 3.10+).

Install: pip install flask
Run:     TESSERA_WEBHOOK_SECRET=whsec_... python3 verify_notification.py
         (listens on $PORT, default 8080)

TESSERA_WEBHOOK_SECRET is the webhook signing secret (whsec_...) from the Merchant Portal.
"""
import hashlib
import hmac
import json
import logging
import os
import sys
import time

from flask import Flask, request

SIGNATURE_TOLERANCE_SECONDS = 300

SIGNING_SECRET = os.environ.get("TESSERA_WEBHOOK_SECRET", "")
if not SIGNING_SECRET:
    sys.exit("Set TESSERA_WEBHOOK_SECRET.")

logging.basicConfig(level=logging.INFO)
app = Flask(__name__)


def verify_tessera_signature(header: str, raw_body: bytes, signing_secret: str, now: int) -> bool:
    """True if the Tessera-Signature header signs this raw body with the secret in time."""
    timestamp: str | None = None
    signatures: list[str] = []
    for part in header.split(","):
        key, separator, value = part.strip().partition("=")
        if not separator:
            continue
        if key == "t" and value.isascii() and value.isdigit():
            timestamp = value
        elif key == "v1" and value:
            signatures.append(value)  # Two v1 values during a signing secret rotation.
    if timestamp is None or not signatures:
        return False
    if abs(now - int(timestamp)) > SIGNATURE_TOLERANCE_SECONDS:
        return False  # Too old or too far in the future: a possible replay.
    signed_payload = timestamp.encode() + b"." + raw_body
    expected = hmac.new(signing_secret.encode(), signed_payload, hashlib.sha256).hexdigest()
    # Constant-time comparison.
    return any(hmac.compare_digest(expected.encode(), v1.encode()) for v1 in signatures)


@app.post("/")
def receive_notification() -> tuple[str, int]:
    raw_body = request.get_data()  # The raw bytes, before any JSON parsing.
    header = request.headers.get("Tessera-Signature", "")
    if not verify_tessera_signature(header, raw_body, SIGNING_SECRET, int(time.time())):
        return "", 400

    event = json.loads(raw_body)
    # Store the event under its id before you act on it: a retry of the event has the same id.
    app.logger.info("Tessera event %s (%s) verified.", event["id"], event["type"])
    return "ok", 200  # Answer within 10 seconds; process the event in the background.


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ.get("PORT", "8080")))
