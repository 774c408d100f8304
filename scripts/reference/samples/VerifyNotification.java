// Receives Tessera notifications on any path of 127.0.0.1:$PORT (default 8080), behind your HTTPS server.
// Java 17 or later with Jackson. On Debian: apt install default-jdk-headless libjackson2-databind-java, then
// java -cp /usr/share/java/jackson-databind.jar:/usr/share/java/jackson-core.jar:/usr/share/java/jackson-annotations.jar VerifyNotification.java
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class VerifyNotification {
    private static final long SIGNATURE_TOLERANCE_SECONDS = 300;
    private static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws IOException {
        String signingSecret = System.getenv("TESSERA_WEBHOOK_SECRET");
        if (signingSecret == null || signingSecret.isEmpty()) {
            throw new IllegalStateException("Set TESSERA_WEBHOOK_SECRET.");
        }

        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            try {
                handle(exchange, signingSecret);
            } catch (Exception e) {
                System.err.println("Tessera notification failed: " + e); // Tessera retries a 500.
                exchange.sendResponseHeaders(500, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
        System.err.println("Listening on http://127.0.0.1:" + port + "/");
    }

    private static void handle(HttpExchange exchange, String signingSecret)
            throws IOException, GeneralSecurityException {
        if (!exchange.getRequestMethod().equals("POST")) {
            exchange.getResponseHeaders().set("Allow", "POST");
            exchange.sendResponseHeaders(405, -1);
            return;
        }

        byte[] rawBody = exchange.getRequestBody().readAllBytes(); // The raw bytes, before any JSON parsing.
        String header = Objects.requireNonNullElse(exchange.getRequestHeaders().getFirst("Tessera-Signature"), "");
        if (!verifyTesseraSignature(header, rawBody, signingSecret, Instant.now().getEpochSecond())) {
            exchange.sendResponseHeaders(400, -1);
            return;
        }

        JsonNode event = JSON.readTree(rawBody);
        // Store the event under its id before you act on it; a retry of the same event has the same id.
        System.err.printf("Tessera event %s (%s) verified.%n", event.path("id").asText(), event.path("type").asText());
        byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain");
        exchange.sendResponseHeaders(200, ok.length); // Answer within 10 seconds; process the event in the background.
        exchange.getResponseBody().write(ok);
    }

    /** True if the Tessera-Signature header signs this raw body with the secret, within the tolerance. */
    static boolean verifyTesseraSignature(String header, byte[] rawBody, String signingSecret, long now)
            throws GeneralSecurityException {
        String timestamp = null;
        List<String> signatures = new ArrayList<>();
        for (String part : header.split(",")) {
            String[] pair = part.trim().split("=", 2);
            if (pair.length != 2) {
                continue;
            }
            if (pair[0].equals("t") && pair[1].matches("[0-9]{1,18}")) { // Digits only, and few enough for a long.
                timestamp = pair[1];
            } else if (pair[0].equals("v1") && !pair[1].isEmpty()) {
                signatures.add(pair[1]); // Two v1 values during a signing secret rotation.
            }
        }
        if (timestamp == null || signatures.isEmpty()) {
            return false;
        }
        if (Math.abs(now - Long.parseLong(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) {
            return false; // Too old or too far in the future: a possible replay.
        }

        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(signingSecret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
        byte[] expected = HexFormat.of().formatHex(mac.doFinal(rawBody)).getBytes(StandardCharsets.US_ASCII);
        for (String signature : signatures) {
            // Constant-time comparison.
            if (MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII))) {
                return true;
            }
        }
        return false;
    }
}
