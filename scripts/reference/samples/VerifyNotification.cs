// A .NET 8 minimal API (dotnet new web) that receives Tessera notifications at /tessera/notifications.
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

const int SignatureToleranceSeconds = 300;

string signingSecret = Environment.GetEnvironmentVariable("TESSERA_WEBHOOK_SECRET")
    ?? throw new InvalidOperationException("Set TESSERA_WEBHOOK_SECRET.");

var app = WebApplication.CreateBuilder(args).Build();

app.MapPost("/tessera/notifications", async (HttpRequest request, ILogger<Program> logger) =>
{
    // The raw bytes, before any JSON parsing.
    using var buffer = new MemoryStream();
    await request.Body.CopyToAsync(buffer);
    byte[] rawBody = buffer.ToArray();

    string header = request.Headers["Tessera-Signature"].ToString();
    if (!VerifyTesseraSignature(header, rawBody, signingSecret, DateTimeOffset.UtcNow))
    {
        return Results.BadRequest();
    }

    using JsonDocument notification = JsonDocument.Parse(rawBody);
    string eventId = notification.RootElement.GetProperty("id").GetString()!;
    string type = notification.RootElement.GetProperty("type").GetString()!;
    // Store the event under its id before you act on it; a retry of the same event has the same id.
    logger.LogInformation("Tessera event {EventId} ({Type}) verified.", eventId, type);
    return Results.Ok(); // Answer within 10 seconds; process the event in the background.
});

app.Run();

// True if the Tessera-Signature header signs this raw body with the secret, within the tolerance.
static bool VerifyTesseraSignature(string header, byte[] rawBody, string signingSecret, DateTimeOffset now)
{
    string? timestamp = null;
    var signatures = new List<string>();
    foreach (string part in header.Split(','))
    {
        string[] pair = part.Trim().Split('=', 2);
        if (pair.Length != 2)
        {
            continue;
        }
        if (pair[0] == "t" && pair[1].Length > 0 && pair[1].All(char.IsAsciiDigit))
        {
            timestamp = pair[1];
        }
        else if (pair[0] == "v1" && pair[1].Length > 0)
        {
            signatures.Add(pair[1]); // Two v1 values during a signing secret rotation.
        }
    }
    if (timestamp is null || signatures.Count == 0)
    {
        return false;
    }
    if (Math.Abs(now.ToUnixTimeSeconds() - long.Parse(timestamp)) > SignatureToleranceSeconds)
    {
        return false; // Too old or too far in the future: a possible replay.
    }
    byte[] signedPayload = [.. Encoding.UTF8.GetBytes(timestamp + "."), .. rawBody];
    byte[] expected = HMACSHA256.HashData(Encoding.UTF8.GetBytes(signingSecret), signedPayload);
    foreach (string signature in signatures)
    {
        byte[] candidate;
        try
        {
            candidate = Convert.FromHexString(signature);
        }
        catch (FormatException)
        {
            continue;
        }
        if (CryptographicOperations.FixedTimeEquals(expected, candidate)) // Constant-time comparison.
        {
            return true;
        }
    }
    return false;
}
