// Receives Tessera notifications on any path of 127.0.0.1:$PORT (default 8080), behind your HTTPS server.
// A .NET 8 console app (dotnet new console), standard library only; this file replaces Program.cs.
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
using System.Globalization;
using System.Net;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

string signingSecret = Environment.GetEnvironmentVariable("TESSERA_WEBHOOK_SECRET")
    ?? throw new InvalidOperationException("Set TESSERA_WEBHOOK_SECRET.");
string port = Environment.GetEnvironmentVariable("PORT") ?? "8080";

using var listener = new HttpListener();
listener.Prefixes.Add($"http://127.0.0.1:{port}/");
listener.Start();
Console.Error.WriteLine($"Listening on http://127.0.0.1:{port}/");

while (true)
{
    HttpListenerContext context = await listener.GetContextAsync();
    _ = Task.Run(() => Notifications.HandleAsync(context, signingSecret));
}

static class Notifications
{
    private const long SignatureToleranceSeconds = 300;

    public static async Task HandleAsync(HttpListenerContext context, string signingSecret)
    {
        HttpListenerResponse response = context.Response;
        try
        {
            if (context.Request.HttpMethod != "POST")
            {
                response.AddHeader("Allow", "POST");
                response.StatusCode = 405;
                return;
            }

            // The raw bytes, before any JSON parsing.
            using var buffer = new MemoryStream();
            await context.Request.InputStream.CopyToAsync(buffer);
            byte[] rawBody = buffer.ToArray();

            string header = context.Request.Headers["Tessera-Signature"] ?? "";
            if (!VerifyTesseraSignature(header, rawBody, signingSecret, DateTimeOffset.UtcNow))
            {
                response.StatusCode = 400;
                return;
            }

            using JsonDocument notification = JsonDocument.Parse(Encoding.UTF8.GetString(rawBody));
            string eventId = notification.RootElement.GetProperty("id").GetString() ?? "";
            string type = notification.RootElement.GetProperty("type").GetString() ?? "";
            // Store the event under its id before you act on it; a retry of the same event has the same id.
            Console.Error.WriteLine($"Tessera event {eventId} ({type}) verified.");
            response.StatusCode = 200; // Answer within 10 seconds; process the event in the background.
        }
        catch (Exception e)
        {
            Console.Error.WriteLine($"Tessera notification failed: {e.Message}"); // Tessera retries a 500.
            response.StatusCode = 500;
        }
        finally
        {
            response.Close();
        }
    }

    // True if the Tessera-Signature header signs this raw body with the secret, within the tolerance.
    public static bool VerifyTesseraSignature(string header, byte[] rawBody, string signingSecret, DateTimeOffset now)
    {
        string? timestamp = null;
        var signatures = new List<string>();
        foreach (string part in header.Split(','))
        {
            string[] pair = part.Trim().Split(new[] { '=' }, 2);
            if (pair.Length != 2)
            {
                continue;
            }
            if (pair[0] == "t" && pair[1].Length > 0 && pair[1].All(c => c >= '0' && c <= '9'))
            {
                timestamp = pair[1];
            }
            else if (pair[0] == "v1" && pair[1].Length > 0)
            {
                signatures.Add(pair[1]); // Two v1 values during a signing secret rotation.
            }
        }
        if (timestamp == null || signatures.Count == 0
            || !long.TryParse(timestamp, NumberStyles.None, CultureInfo.InvariantCulture, out long signedAt))
        {
            return false;
        }
        if (Math.Abs(now.ToUnixTimeSeconds() - signedAt) > SignatureToleranceSeconds)
        {
            return false; // Too old or too far in the future: a possible replay.
        }

        byte[] signedPayload = Encoding.UTF8.GetBytes(timestamp + ".").Concat(rawBody).ToArray();
        using var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(signingSecret));
        string hex = BitConverter.ToString(hmac.ComputeHash(signedPayload)).Replace("-", "").ToLowerInvariant();
        byte[] expected = Encoding.ASCII.GetBytes(hex);
        // Constant-time comparison.
        return signatures.Any(signature => CryptographicOperations.FixedTimeEquals(expected, Encoding.ASCII.GetBytes(signature)));
    }
}
