package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/smtp"
	"strings"
	"sync"
	"syscall"
	"time"

	"sandtable/internal/store"
)

// Notice events.
const (
	EventYourTurn = "your_turn"
	EventFinished = "finished"
)

// Notice tells a player that it is his turn, or that a game of his ended.
type Notice struct {
	Event  string // EventYourTurn or EventFinished
	User   store.User
	Game   string // game id
	Title  string // the game's title
	Side   string
	Result string // how it ended, for EventFinished
	URL    string // the game's page
}

// Subject is the notice's headline.
func (n Notice) Subject() string {
	if n.Event == EventFinished {
		return "Game over in " + n.Title
	}
	return "Your turn in " + n.Title
}

// Text is the notice in words.
func (n Notice) Text() string {
	if n.Event == EventFinished {
		return fmt.Sprintf("Game over in %s (%s): %s. %s", n.Title, n.Side, n.Result, n.URL)
	}
	return fmt.Sprintf("Your turn in %s (%s): %s", n.Title, n.Side, n.URL)
}

// Notifier delivers notices to players who do not have the game open.
type Notifier interface {
	Notify(ctx context.Context, n Notice) error
}

// SMTPConfig says how to send mail; an empty Addr sends none.
type SMTPConfig struct {
	Addr     string // host:port
	From     string
	Username string // PLAIN auth when set
	Password string
}

// Notices sends each notice by e-mail (when the player gave an address
// and SMTP is configured) and by webhook (when he gave a URL): a JSON POST
// of {"event":"your_turn" or "finished", ..., "content": text}, which chat services such
// as Discord accept as is.
type Notices struct {
	SMTP   SMTPConfig
	Client *http.Client // nil: a client with a 10 s timeout that reaches only public addresses
	// AllowPrivate lets webhooks reach loopback, private and link-local
	// addresses (a server on a private network, tests). Without it a
	// player cannot aim the server at its own network.
	AllowPrivate bool
	// sendMail is smtp.SendMail; tests replace it.
	sendMail func(addr string, a smtp.Auth, from string, to []string, msg []byte) error

	once   sync.Once
	public *http.Client
}

// client is the HTTP client for webhooks. The address check runs on the
// address actually dialled, after name resolution, so a name that
// resolves to a private address is refused too.
func (ns *Notices) client() *http.Client {
	if ns.Client != nil {
		return ns.Client
	}
	ns.once.Do(func() {
		d := &net.Dialer{Timeout: 10 * time.Second}
		if !ns.AllowPrivate {
			d.Control = func(_, address string, _ syscall.RawConn) error {
				host, _, err := net.SplitHostPort(address)
				if err != nil {
					return err
				}
				if ip := net.ParseIP(host); ip == nil || !publicIP(ip) {
					return fmt.Errorf("webhook address %s refused: not a public address", host)
				}
				return nil
			}
		}
		ns.public = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
	})
	return ns.public
}

func publicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified())
}

// Notify sends n by every way the player set, and returns the first
// failure.
func (ns *Notices) Notify(ctx context.Context, n Notice) error {
	var first error
	if n.User.Email != "" && ns.SMTP.Addr != "" {
		if err := ns.mail(n); err != nil {
			first = fmt.Errorf("mail to %s: %w", n.User.Email, err)
		}
	}
	if n.User.Webhook != "" {
		if err := ns.webhook(ctx, n); err != nil && first == nil {
			first = fmt.Errorf("webhook %s: %w", n.User.Webhook, err)
		}
	}
	return first
}

func (ns *Notices) mail(n Notice) error {
	if strings.ContainsAny(n.User.Email+ns.SMTP.From, "\r\n") {
		return fmt.Errorf("line break in an address")
	}
	var msg bytes.Buffer
	fmt.Fprintf(&msg, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		ns.SMTP.From, n.User.Email, n.Subject(), time.Now().Format(time.RFC1123Z), n.Text())
	var auth smtp.Auth
	if ns.SMTP.Username != "" {
		host := ns.SMTP.Addr
		if i := strings.LastIndex(host, ":"); i >= 0 {
			host = host[:i]
		}
		auth = smtp.PlainAuth("", ns.SMTP.Username, ns.SMTP.Password, host)
	}
	send := ns.sendMail
	if send == nil {
		send = smtp.SendMail
	}
	return send(ns.SMTP.Addr, auth, ns.SMTP.From, []string{n.User.Email}, msg.Bytes())
}

func (ns *Notices) webhook(ctx context.Context, n Notice) error {
	body, _ := json.Marshal(map[string]string{
		"event": n.Event, "game": n.Game, "title": n.Title, "side": n.Side, "result": n.Result, "url": n.URL, "content": n.Text(),
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.User.Webhook, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := ns.client().Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("answered %s", resp.Status)
	}
	return nil
}
