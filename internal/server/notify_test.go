package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/smtp"
	"strings"
	"testing"

	"sandtable/internal/store"
)

func TestNoticesMailAndWebhook(t *testing.T) {
	var hook map[string]string
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		json.Unmarshal(b, &hook)
		if r.Header.Get("Content-Type") != "application/json" {
			w.WriteHeader(http.StatusBadRequest)
		}
	}))
	defer hs.Close()
	var mailTo []string
	var mail string
	ns := &Notices{AllowPrivate: true, SMTP: SMTPConfig{Addr: "mail.example.org:587", From: "sandtable@example.org", Username: "u", Password: "p"},
		sendMail: func(addr string, a smtp.Auth, from string, to []string, msg []byte) error {
			mailTo, mail = to, string(msg)
			return nil
		}}
	n := Notice{Event: EventYourTurn, User: store.User{Name: "bob", Email: "bob@example.org", Webhook: hs.URL}, Game: "g1", Title: "Toy", Side: "south", URL: "https://x/play/g1"}
	if err := ns.Notify(t.Context(), n); err != nil {
		t.Fatal(err)
	}
	if len(mailTo) != 1 || mailTo[0] != "bob@example.org" || !strings.Contains(mail, "Subject: Your turn in Toy") || !strings.Contains(mail, "https://x/play/g1") {
		t.Fatalf("mail to %v: %q", mailTo, mail)
	}
	if hook["event"] != "your_turn" || hook["game"] != "g1" || hook["side"] != "south" || !strings.Contains(hook["content"], "Your turn") {
		t.Fatalf("webhook body: %v", hook)
	}
	// The end of a game.
	fin := n
	fin.Event, fin.Result = EventFinished, "north resigned"
	if err := ns.Notify(t.Context(), fin); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(mail, "Subject: Game over in Toy") || !strings.Contains(mail, "north resigned") || hook["event"] != "finished" || hook["result"] != "north resigned" {
		t.Fatalf("finished notice: mail %q, webhook %v", mail, hook)
	}
	// A failing webhook is reported.
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusGone) }))
	defer bad.Close()
	n.User.Webhook, n.User.Email = bad.URL, ""
	if err := ns.Notify(t.Context(), n); err == nil || !strings.Contains(err.Error(), "410") {
		t.Fatalf("failing webhook: %v", err)
	}
	// By default a webhook may not reach the server's own network.
	n.User.Webhook = hs.URL
	if err := (&Notices{}).Notify(t.Context(), n); err == nil || !strings.Contains(err.Error(), "not a public address") {
		t.Fatalf("webhook to loopback: %v", err)
	}
	// An address with a line break cannot inject headers.
	n.User.Email, n.User.Webhook = "bob@example.org\r\nBcc: all@example.org", ""
	if err := ns.Notify(t.Context(), n); err == nil {
		t.Fatal("header injection accepted")
	}
}
