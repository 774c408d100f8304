// Receives Tessera notifications: go run main.go (Go 1.19 or later, standard library only).
// Listens on the port in PORT (default 8080) and accepts a POST on any path.
// Environment: TESSERA_WEBHOOK_SECRET, the webhook signing secret (whsec_...) from the Merchant Portal.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

const signatureToleranceSeconds = 300

// verifyTesseraSignature reports whether the Tessera-Signature header signs this raw body with the secret, within the tolerance.
func verifyTesseraSignature(header string, rawBody []byte, signingSecret string, now time.Time) bool {
	timestamp := ""
	var signatures []string
	for _, part := range strings.Split(header, ",") {
		key, value, found := strings.Cut(strings.TrimSpace(part), "=")
		if !found {
			continue
		}
		if key == "t" && isDigits(value) {
			timestamp = value
		} else if key == "v1" && value != "" {
			signatures = append(signatures, value) // Two v1 values during a signing secret rotation.
		}
	}
	if timestamp == "" || len(signatures) == 0 {
		return false
	}
	signedAt, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || abs(now.Unix()-signedAt) > signatureToleranceSeconds {
		return false // Too old or too far in the future: a possible replay.
	}
	mac := hmac.New(sha256.New, []byte(signingSecret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(rawBody)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	for _, signature := range signatures {
		if subtle.ConstantTimeCompare(expected, []byte(signature)) == 1 { // Constant-time comparison.
			return true
		}
	}
	return false
}

// notificationHandler verifies and acknowledges Tessera's notifications. now is the clock a
// signature's age is measured on: time.Now in main, a fixed time in a test.
func notificationHandler(signingSecret string, now func() time.Time) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}

		// The raw bytes, before any JSON parsing.
		rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
		if err != nil || !verifyTesseraSignature(r.Header.Get("Tessera-Signature"), rawBody, signingSecret, now()) {
			w.WriteHeader(http.StatusBadRequest)
			return
		}

		var event struct {
			ID   string `json:"id"`
			Type string `json:"type"`
		}
		if err := json.Unmarshal(rawBody, &event); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Store the event under its id before you act on it; a retry of the same event has the same id.
		log.Printf("Tessera event %s (%s) verified.", event.ID, event.Type)
		w.WriteHeader(http.StatusOK) // Answer within 10 seconds; process the event in the background.
		io.WriteString(w, "ok")
	}
}

func main() {
	signingSecret := os.Getenv("TESSERA_WEBHOOK_SECRET")
	if signingSecret == "" {
		log.Fatal("Set TESSERA_WEBHOOK_SECRET.")
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = "8080"
	}

	log.Printf("Listening on http://127.0.0.1:%s", port)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, notificationHandler(signingSecret, time.Now)))
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
