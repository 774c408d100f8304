# frozen_string_literal: true

# Receives Tessera notifications at POST / and verifies their signature.
#
# Install: gem install sinatra rackup webrick   (Debian: apt install ruby-sinatra ruby-webrick)
# Run:     TESSERA_WEBHOOK_SECRET=whsec_... ruby verify_notification.rb   (listens on $PORT, default 8080)
# Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
require "json"
require "openssl"
require "sinatra"

SIGNATURE_TOLERANCE_SECONDS = 300

SIGNING_SECRET = ENV["TESSERA_WEBHOOK_SECRET"].to_s
abort "Set TESSERA_WEBHOOK_SECRET." if SIGNING_SECRET.empty?

set :port, Integer(ENV.fetch("PORT", "8080"))
set :bind, "127.0.0.1"

# True if the Tessera-Signature header signs this raw body with the secret, within the tolerance.
def verify_tessera_signature(header, raw_body, signing_secret, now)
  timestamp = nil
  signatures = []
  header.split(",").each do |part|
    key, value = part.strip.split("=", 2)
    next if value.nil?

    if key == "t" && value.match?(/\A[0-9]+\z/)
      timestamp = value
    elsif key == "v1" && !value.empty?
      signatures << value # Two v1 values during a signing secret rotation.
    end
  end
  return false if timestamp.nil? || signatures.empty?
  # Too old or too far in the future: a possible replay.
  return false if (now - Integer(timestamp, 10)).abs > SIGNATURE_TOLERANCE_SECONDS

  expected = OpenSSL::HMAC.hexdigest("SHA256", signing_secret, "#{timestamp}.#{raw_body}")
  # Constant-time comparison.
  signatures.any? { |signature| Rack::Utils.secure_compare(expected, signature) }
end

post "/" do
  request.body.rewind
  raw_body = request.body.read # The raw bytes, before any JSON parsing.
  header = request.env["HTTP_TESSERA_SIGNATURE"].to_s
  halt 400 unless verify_tessera_signature(header, raw_body, SIGNING_SECRET, Time.now.to_i)

  event = JSON.parse(raw_body)
  # Store the event under its id before you act on it; a retry of the same event has the same id.
  logger.info "Tessera event #{event['id']} (#{event['type']}) verified."
  "ok" # 200 within 10 seconds; process the event in the background.
end
