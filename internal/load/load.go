// Package load plays real games against a running server the way the
// browser does, to measure it: for each game two players, each with its own
// page (an event stream, a view fetched after each update it did not make
// itself, the game's map sheet fetched once as the browser's cache keeps
// it, actions posted with the move number), a think time before each
// action, and random legal actions. It reports the actions acknowledged per
// second, the latency of the action round trip and of the view, and the
// server process's CPU and memory.
package load

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Config is one load run.
type Config struct {
	Base  string   // the server, on a loopback address
	Games []string // game ids played in turn: "compass", "wdf"
	Live  int      // games played at once
	// Think is a player's mean pause before each action (0: none): each
	// pause is drawn between half and one and a half times it, and each
	// game's pages open at a moment drawn within the first Think, as
	// players who do not all click at the same instant.
	Think    time.Duration
	Duration time.Duration // the run stops after this long
	Actions  int           // ... or after this many acknowledged actions (0: no bound)
	// ServerPID is the server process, whose CPU and memory are reported
	// (0: not reported).
	ServerPID int
	Seed      uint64 // for the random choices of actions
	// Logf reports progress; nil is silent.
	Logf func(format string, args ...any)
}

// Report is what a run measured.
type Report struct {
	Live       int
	Think      time.Duration
	Elapsed    time.Duration
	Actions    int // acknowledged
	Conflicts  int // 409: the game moved on (both sides acting at once)
	Errors     int // other failures
	FirstError string
	Views      int
	Sheets     int // map sheets fetched: once a page, as the browser's cache keeps them
	GamesDone  int
	Action     Latency
	View       Latency
	CPUSeconds float64 // server CPU time during the run
	RSSBytes   int64   // server resident memory at the end
	PeakRSS    int64   // server peak resident memory
	SetupTime  time.Duration
	// ClientCPU is the load generator's own CPU time: on one machine the
	// players compete with the server for its cores.
	ClientCPU float64
	// Commits and Changes are the server's store group commits during the
	// run and the changes in them; CommitTime their total time (from its
	// /metrics).
	Commits, Changes int
	CommitTime       time.Duration
	// Received is the bytes of the answers to the actions and views (their
	// bodies, uncompressed).
	Received int64
}

// Latency is a distribution of request times.
type Latency struct{ P50, P99, Max time.Duration }

func (r Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games at once, think %v, %v (setup %v)\n", r.Live, r.Think, r.Elapsed.Round(time.Millisecond), r.SetupTime.Round(time.Millisecond))
	fmt.Fprintf(&b, "actions acknowledged: %d (%.0f/s), views: %d (%.0f/s), sheets: %d, games finished: %d, 409s: %d, errors: %d\n",
		r.Actions, float64(r.Actions)/r.Elapsed.Seconds(), r.Views, float64(r.Views)/r.Elapsed.Seconds(), r.Sheets, r.GamesDone, r.Conflicts, r.Errors)
	if r.FirstError != "" {
		fmt.Fprintf(&b, "first error: %s\n", r.FirstError)
	}
	// CPU and bytes a request: what a machine of its own would spend on
	// each of the actions and views answered.
	reqs := float64(max(1, r.Actions+r.Views))
	fmt.Fprintf(&b, "answers to actions and views: %.1f MB, %.1f KB each on average\n", float64(r.Received)/1e6, float64(r.Received)/1e3/reqs)
	fmt.Fprintf(&b, "action round trip: p50 %v, p99 %v, max %v\n", ms(r.Action.P50), ms(r.Action.P99), ms(r.Action.Max))
	fmt.Fprintf(&b, "view:              p50 %v, p99 %v, max %v\n", ms(r.View.P50), ms(r.View.P99), ms(r.View.Max))
	if r.Commits > 0 {
		fmt.Fprintf(&b, "store: %d group commits, %.1f changes and %v each on average\n",
			r.Commits, float64(r.Changes)/float64(r.Commits), ms(r.CommitTime/time.Duration(r.Commits)))
	}
	fmt.Fprintf(&b, "load generator: CPU %.1f s (%.2f cores, %.2f ms a request)\n", r.ClientCPU, r.ClientCPU/r.Elapsed.Seconds(), 1000*r.ClientCPU/reqs)
	if r.CPUSeconds > 0 {
		fmt.Fprintf(&b, "server: CPU %.1f s (%.2f cores, %.2f ms a request, %.2f ms an action with its views), memory %d MiB (peak %d MiB)\n",
			r.CPUSeconds, r.CPUSeconds/r.Elapsed.Seconds(), 1000*r.CPUSeconds/reqs, 1000*r.CPUSeconds/float64(max(1, r.Actions)), r.RSSBytes>>20, r.PeakRSS>>20)
	}
	return b.String()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// CheckLoopback refuses a base URL whose host is not a loopback address:
// the generator is for measuring one's own server, never anyone else's.
func CheckLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return fmt.Errorf("load: %q is not an http URL", base)
	}
	host := u.Hostname()
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("load: %s is not a loopback address; the load generator only plays against a server on this machine", host)
	}
	return nil
}

// run is the shared state of a run.
type run struct {
	cfg      Config
	ctx      context.Context
	mu       sync.Mutex
	actionLt []time.Duration
	viewLt   []time.Duration
	rep      Report
	sides    map[string][]string // each game's side names, from /api/meta
	acked    atomic.Int64
	received atomic.Int64 // bytes of the answers to actions and views
	stop     context.CancelFunc
	ipN      atomic.Int64
}

// Run plays cfg.Live games at once until cfg.Duration passes or
// cfg.Actions are acknowledged, then reports.
func Run(ctx context.Context, cfg Config) (Report, error) {
	if err := CheckLoopback(cfg.Base); err != nil {
		return Report{}, err
	}
	if cfg.Live < 1 || len(cfg.Games) == 0 || cfg.Duration <= 0 {
		return Report{}, errors.New("load: a run needs at least one game, a game id and a duration")
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	r := &run{cfg: cfg, sides: map[string][]string{}}
	setup := time.Now()
	var meta struct {
		Games []struct {
			ID    string   `json:"id"`
			Sides []string `json:"sides"`
		} `json:"games"`
	}
	if _, err := r.call(ctx, &player{c: http.DefaultClient}, "127.0.0.1", "GET", "/api/meta", nil, &meta); err != nil {
		return Report{}, fmt.Errorf("load: %w", err)
	}
	for _, g := range meta.Games {
		r.sides[g.ID] = g.Sides
	}
	// Accounts: each makes at most 40 of the games (the server's default
	// cap on unfinished games per account is 50) and joins as many.
	accounts := make([]*player, cfg.Live/40+2)
	for i := range accounts {
		p, err := r.register(ctx, i)
		if err != nil {
			return Report{}, err
		}
		accounts[i] = p
	}
	// Make every game before the clock starts.
	type pair struct{ a, b *page }
	pairs := make([]pair, cfg.Live)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	sem := make(chan struct{}, 16)
	for i := range pairs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			a, b, err := r.newGame(ctx, accounts[i%len(accounts)], accounts[(i+1)%len(accounts)], cfg.Games[i%len(cfg.Games)])
			if err != nil {
				setupErr.CompareAndSwap(nil, err)
				return
			}
			pairs[i] = pair{a, b}
		}()
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		return Report{}, err
	}
	r.rep.SetupTime = time.Since(setup)
	cfg.Logf("load: %d accounts, %d games made in %v", len(accounts), cfg.Live, r.rep.SetupTime.Round(time.Millisecond))

	cpu0, _ := cpuSeconds(cfg.ServerPID)
	self0, _ := cpuSeconds(os.Getpid())
	m0 := r.storeMetrics(ctx)
	runCtx, cancel := context.WithTimeout(ctx, cfg.Duration)
	defer cancel()
	r.ctx, r.stop = runCtx, cancel
	start := time.Now()
	for i, pr := range pairs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			a, b := pr.a, pr.b
			if cfg.Think > 0 { // the game's players come in at a moment of their own
				select {
				case <-time.After(time.Duration(rng.Int64N(int64(cfg.Think)))):
				case <-runCtx.Done():
					return
				}
			}
			for runCtx.Err() == nil {
				var pw sync.WaitGroup
				pw.Go(func() { r.play(a, rand.New(rand.NewPCG(rng.Uint64(), 1))) })
				pw.Go(func() { r.play(b, rand.New(rand.NewPCG(rng.Uint64(), 2))) })
				pw.Wait()
				if runCtx.Err() != nil {
					return
				}
				r.mu.Lock()
				r.rep.GamesDone++
				r.mu.Unlock()
				// The game is over: the same two players start another.
				var err error
				if a, b, err = r.newGame(runCtx, a.player, b.player, cfg.Games[rng.IntN(len(cfg.Games))]); err != nil {
					r.fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	r.rep.Elapsed = time.Since(start)
	self1, _ := cpuSeconds(os.Getpid())
	r.rep.ClientCPU = self1 - self0
	m1 := r.storeMetrics(ctx)
	r.rep.Commits = int(m1["sandtable_store_commit_seconds_count"] - m0["sandtable_store_commit_seconds_count"])
	r.rep.Changes = int(m1["sandtable_store_commit_changes_sum"] - m0["sandtable_store_commit_changes_sum"])
	r.rep.CommitTime = time.Duration((m1["sandtable_store_commit_seconds_sum"] - m0["sandtable_store_commit_seconds_sum"]) * float64(time.Second))
	if cfg.ServerPID > 0 {
		cpu1, err := cpuSeconds(cfg.ServerPID)
		if err == nil {
			r.rep.CPUSeconds = cpu1 - cpu0
		}
		r.rep.RSSBytes, r.rep.PeakRSS, _ = memory(cfg.ServerPID)
	}
	r.rep.Live, r.rep.Think = cfg.Live, cfg.Think
	r.rep.Actions = int(r.acked.Load())
	r.rep.Received = r.received.Load()
	r.rep.Action = latency(r.actionLt)
	r.rep.View = latency(r.viewLt)
	r.rep.Views = len(r.viewLt)
	return r.rep, nil
}

func latency(d []time.Duration) Latency {
	if len(d) == 0 {
		return Latency{}
	}
	slices.Sort(d)
	return Latency{P50: d[len(d)/2], P99: d[len(d)*99/100], Max: d[len(d)-1]}
}

func (r *run) fail(err error) {
	if r.ctx != nil && r.ctx.Err() != nil {
		return // the run is over: requests cut short are not failures
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rep.Errors++
	if r.rep.FirstError == "" {
		r.rep.FirstError = err.Error()
	}
}

// player is an account logged in, in its own browser (cookie jar).
type player struct {
	// making is held while the account draws a dice commitment and makes
	// its game: the server keeps one commitment per account, as one
	// browser lobby asks for one at a time.
	making sync.Mutex
	c      *http.Client
	csrf   string
	ip     string // the address it appears to come from
}

// page is one player's page of one game, for one side.
type page struct {
	*player
	id, side string
	ip       string
	sheet    string // the map sheet's URL fetched (one a game)
}

// nextIP gives each account and page an address of its own in
// 10.0.0.0/8, sent as X-Forwarded-For (the server trusts 127.0.0.1 as its
// proxy), so that per-address limits see many clients as in real use.
func (r *run) nextIP() string {
	n := r.ipN.Add(1)
	return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
}

func (r *run) register(ctx context.Context, i int) (*player, error) {
	jar, _ := cookiejar.New(nil)
	p := &player{c: &http.Client{Jar: jar, Transport: transport}, ip: r.nextIP()}
	name := fmt.Sprintf("load%d-%s", i, hex.EncodeToString(randBytes(3)))
	var me struct {
		CSRF string `json:"csrf"`
	}
	if _, err := r.call(ctx, p, p.ip, "POST", "/api/register", map[string]string{"name": name, "password": hex.EncodeToString(randBytes(12))}, &me); err != nil {
		return nil, fmt.Errorf("load: registering: %w", err)
	}
	p.csrf = me.CSRF
	return p, nil
}

// transport is shared by every page: many connections to one host.
var transport = &http.Transport{MaxIdleConnsPerHost: 10000, MaxConnsPerHost: 0, IdleConnTimeout: time.Minute}

func randBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rand.Uint32())
	}
	return b
}

// view is the part of the server's game view the players read.
type view struct {
	ID      string `json:"id"`
	Move    int    `json:"move"`
	Status  string `json:"status"`
	Over    bool   `json:"over"`
	Version uint64 `json:"version"`
	Actions []struct {
		Action string `json:"action"`
	} `json:"actions"`
	Sides   []string `json:"your_sides"`
	Invites []struct {
		Side string `json:"side"`
		URL  string `json:"url"`
	} `json:"invites"`
	Frozen string `json:"frozen"`
	Sheet  string `json:"sheet"` // the URL of the map sheet the view leaves out
	// LogNext is the log token a page sends back to be sent only the log
	// entries it lacks, as play.js does.
	LogNext string `json:"log_next"`
}

// decodeHead fills v from a page's answer up to its board ("view"), which
// comes after every field a player reads (the page's head, then the board
// and the log): the bytes are read off the connection whole, as a
// browser's are, but the board and log are not parsed, which was half the
// players' CPU, taken from the server they measure. The board's key is
// found as bytes: no field of the head has a member named "view", and
// inside a string its quotes would be escaped, so the first `,"view":` is
// the board's (were it not, the head cut there would not parse, and the
// answer would count as an error).
func (v *view) decodeHead(data []byte) error {
	i := bytes.Index(data, boardKey)
	if i < 0 {
		return jsonv2.Unmarshal(data, v, lenient)
	}
	// The head, as an object of its own: the comma before the board's key
	// closes it for the decoding, in place (a copy of the head, its
	// actions and their labels, was the players' largest allocation).
	data[i] = '}'
	err := jsonv2.Unmarshal(data[:i+1], v, lenient)
	data[i] = ','
	return err
}

var boardKey = []byte(`,"view":`)

// action is the body of an action's POST, as the page sends it.
type action struct {
	Side   string `json:"side"`
	Move   int    `json:"move"`
	Action string `json:"action"`
	Log    string `json:"log,omitempty"`
}

// newGame has a make an invitation game of kind as its first side and b
// join as the other, each contributing to the fair dice as the lobby does.
func (r *run) newGame(ctx context.Context, a, b *player, kind string) (*page, *page, error) {
	a.making.Lock()
	defer a.making.Unlock()
	var c struct {
		Commitment string `json:"commitment"`
	}
	if _, err := r.call(ctx, a, a.ip, "POST", "/api/commitment", struct{}{}, &c); err != nil {
		return nil, nil, fmt.Errorf("load: commitment: %w", err)
	}
	sides := r.sides[kind]
	if len(sides) < 2 {
		return nil, nil, fmt.Errorf("load: the server has no two-sided game %q", kind)
	}
	var v view
	_, err := r.call(ctx, a, a.ip, "POST", "/api/games", map[string]any{
		"game": kind, "mode": "invite", "side": sides[0], "commitment": c.Commitment, "entropy": hex.EncodeToString(randBytes(16)),
	}, &v)
	if err != nil {
		return nil, nil, fmt.Errorf("load: making a %s game: %w", kind, err)
	}
	if len(v.Invites) != 1 {
		return nil, nil, fmt.Errorf("load: the new game has %d invitations", len(v.Invites))
	}
	inv, err := url.Parse(v.Invites[0].URL)
	if err != nil {
		return nil, nil, err
	}
	side, token := inv.Query().Get("side"), inv.Query().Get("token")
	if _, err := r.call(ctx, b, b.ip, "POST", "/api/games/"+v.ID+"/join", map[string]string{"side": side, "token": token, "entropy": hex.EncodeToString(randBytes(16))}, nil); err != nil {
		return nil, nil, fmt.Errorf("load: joining: %w", err)
	}
	return &page{player: a, id: v.ID, side: sides[0], ip: r.nextIP()}, &page{player: b, id: v.ID, side: side, ip: r.nextIP()}, nil
}

// statusError is an answer other than 2xx.
type statusError struct {
	code int
	msg  string
	body []byte
}

func (e *statusError) Error() string { return fmt.Sprintf("%d %s", e.code, e.msg) }

// lenient decodes the server's answers without checking them for
// duplicate names or valid UTF-8: the server's encoder writes neither, and
// the checks were a fifth of the players' CPU, which they take from the
// server they measure.
var lenient = jsonv2.JoinOptions(jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))

// bodies keeps the buffers the answers are read into: a view is tens of
// kilobytes, which io.ReadAll would grow from 512 bytes each time.
var bodies = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// call sends a JSON request as the browser does and decodes the answer
// into out; it returns the time the round trip took.
func (r *run) call(ctx context.Context, p *player, ip, method, path string, in, out any) (time.Duration, error) {
	var body io.Reader
	if in != nil {
		b, _ := json.Marshal(in)
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.cfg.Base+path, body)
	if err != nil {
		return 0, err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.csrf != "" {
		req.Header.Set("X-CSRF-Token", p.csrf)
	}
	req.Header.Set("X-Forwarded-For", ip)
	t0 := time.Now()
	resp, err := p.c.Do(req)
	if err != nil {
		return 0, err
	}
	if out == nil && resp.StatusCode/100 == 2 {
		// An answer the page does not read (a map sheet: hundreds of
		// kilobytes, once a page) is read off and dropped, not kept:
		// growing pooled buffers to its size was a tenth of the
		// generator's CPU.
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(t0), err
	}
	buf := bodies.Get().(*bytes.Buffer)
	defer bodies.Put(buf)
	buf.Reset()
	_, err = buf.ReadFrom(resp.Body)
	resp.Body.Close()
	took := time.Since(t0)
	if err != nil {
		return took, err
	}
	data := buf.Bytes()
	if resp.StatusCode/100 != 2 {
		var e struct {
			Error string `json:"error"`
		}
		json.Unmarshal(data, &e)
		return took, &statusError{code: resp.StatusCode, msg: e.Error, body: bytes.Clone(data)}
	}
	if out != nil {
		// A page's answer (a view: tens of kilobytes) is counted and read
		// up to its board, of which the players read nothing; the other
		// answers are small. Either way the JSON v2 decoder, several
		// times faster than encoding/json, leaves more of the machine's
		// cores to the server measured.
		var err error
		if v, ok := out.(*view); ok {
			r.received.Add(int64(len(data)))
			err = v.decodeHead(data)
		} else {
			err = jsonv2.Unmarshal(data, out, lenient)
		}
		if err != nil {
			return took, fmt.Errorf("load: %s %s: %w", method, path, err)
		}
	}
	return took, nil
}

// sheet fetches the map sheet at url (a view's "sheet") unless the page
// has it already: the page's script asks for it once and the browser's
// cache keeps it (immutable), so a page fetches one sheet a game. It
// reports whether the page goes on.
func (r *run) sheet(pg *page, url string) bool {
	if url == "" || url == pg.sheet {
		return true
	}
	if _, err := r.call(r.ctx, pg.player, pg.ip, "GET", url, nil, nil); err != nil {
		r.fail(fmt.Errorf("sheet: %w", err))
		return false
	}
	pg.sheet = url
	r.mu.Lock()
	r.rep.Sheets++
	r.mu.Unlock()
	return true
}

// play is one page: it follows the game's event stream, fetches its view
// after each change it did not make, and when its side has actions waits
// the think time and plays one of them at random, until the game ends or
// the run stops.
func (r *run) play(pg *page, rng *rand.Rand) {
	ctx := r.ctx
	events, err := r.stream(ctx, pg)
	if err != nil {
		r.fail(err)
		return
	}
	var v view
	// reset empties v for the next answer, keeping its list of actions'
	// array: the decoder leaves a field the answer lacks as it was.
	reset := func() { v = view{Actions: v.Actions[:0]} }
	var expect uint64 // the version announcing the page's own last change
	fetch := func() bool {
		path := "/api/games/" + pg.id + "?side=" + pg.side
		if v.LogNext != "" {
			path += "&log=" + url.QueryEscape(v.LogNext)
		}
		reset()
		took, err := r.call(ctx, pg.player, pg.ip, "GET", path, nil, &v)
		if err != nil {
			r.fail(fmt.Errorf("view: %w", err))
			return false
		}
		r.mu.Lock()
		r.viewLt = append(r.viewLt, took)
		r.mu.Unlock()
		return r.sheet(pg, v.Sheet)
	}
	if !fetch() {
		return
	}
	for ctx.Err() == nil && !v.Over {
		if v.Frozen != "" {
			r.fail(fmt.Errorf("game %s is frozen: %s", pg.id, v.Frozen))
			return
		}
		if len(v.Actions) > 0 {
			if r.cfg.Think > 0 {
				select {
				case <-time.After(r.cfg.Think/2 + time.Duration(rng.Int64N(int64(r.cfg.Think)))):
				case <-ctx.Done():
					return
				}
			}
			a := v.Actions[rng.IntN(len(v.Actions))].Action
			post := action{Side: pg.side, Move: v.Move, Action: a, Log: v.LogNext}
			reset() // the answer is the new view
			took, err := r.call(ctx, pg.player, pg.ip, "POST", "/api/games/"+pg.id+"/actions", post, &v)
			var se *statusError
			switch {
			case err == nil:
				n := r.acked.Add(1)
				r.mu.Lock()
				r.actionLt = append(r.actionLt, took)
				r.mu.Unlock()
				if !r.sheet(pg, v.Sheet) {
					return
				}
				// As the browser does: the stream will announce this very
				// change as the next version, which the page need not fetch.
				expect = v.Version + 1
				if r.cfg.Actions > 0 && n >= int64(r.cfg.Actions) {
					r.stop()
				}
			case errors.As(err, &se) && se.code == http.StatusConflict:
				// The other side acted first: the answer holds the view.
				r.mu.Lock()
				r.rep.Conflicts++
				r.mu.Unlock()
				var body struct {
					View *view `json:"view"`
				}
				if jsonv2.Unmarshal(se.body, &body); body.View != nil {
					v = *body.View
					if !r.sheet(pg, v.Sheet) {
						return
					}
				} else if !fetch() {
					return
				}
			default:
				r.fail(fmt.Errorf("action: %w", err))
				return
			}
			continue
		}
		// Nothing to do: wait for a change made by someone else.
		select {
		case ev, ok := <-events:
			if !ok {
				if ctx.Err() == nil {
					r.fail(errors.New("the event stream ended"))
				}
				return
			}
			switch {
			case ev.Version == v.Version && ev.Move == v.Move && ev.Status == v.Status:
			case ev.Version == expect && ev.Move == v.Move && ev.Status == v.Status:
				v.Version = ev.Version // the page's own change, already shown
			default:
				if !fetch() {
					return
				}
			}
			expect = 0
		case <-ctx.Done():
			return
		}
	}
}

// event is an update of the game's event stream.
type event struct {
	Version uint64 `json:"version"`
	Move    int    `json:"move"`
	Status  string `json:"status"`
}

// stream opens the page's event stream and delivers each update (the
// latest one when the page is slow).
func (r *run) stream(ctx context.Context, pg *page) (<-chan event, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", r.cfg.Base+"/api/games/"+pg.id+"/events", nil)
	req.Header.Set("X-Forwarded-For", pg.ip)
	resp, err := pg.c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("events: %s", resp.Status)
	}
	ch := make(chan event, 1)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			data, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: "))
			if !ok {
				continue
			}
			var ev event
			if jsonv2.Unmarshal(data, &ev) != nil {
				continue
			}
			select {
			case <-ch:
			default:
			}
			ch <- ev
		}
	}()
	return ch, nil
}

// storeMetrics reads the server's store commit counters from /metrics
// (nil if it has none).
func (r *run) storeMetrics(ctx context.Context) map[string]float64 {
	req, _ := http.NewRequestWithContext(ctx, "GET", r.cfg.Base+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if ok && strings.HasPrefix(name, "sandtable_store_commit_") {
			out[name], _ = strconv.ParseFloat(value, 64)
		}
	}
	return out
}

// cpuSeconds is the user and system CPU time of process pid (Linux).
func cpuSeconds(pid int) (float64, error) {
	if pid <= 0 {
		return 0, errors.New("no process")
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name (which may hold spaces) in ")".
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, errors.New("short /proc stat")
	}
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	return (ut + st) / 100, nil // USER_HZ is 100 on Linux
}

// memory is the resident and peak resident memory of process pid.
func memory(pid int) (rss, peak int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		switch k {
		case "VmRSS":
			rss = n << 10
		case "VmHWM":
			peak = n << 10
		}
	}
	return rss, peak, nil
}
