// Package pgtest runs a throwaway PostgreSQL cluster from Debian's packages
// (/usr/lib/postgresql/*/bin) for tests: initdb in a temporary folder, the
// server on a unix socket there (no TCP port), one new database per test.
// Without PostgreSQL the tests skip, unless CI=true, where they must run.
package pgtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

var (
	once     sync.Once
	cluster  *server
	startErr error
	dbs      atomic.Int64
)

type server struct {
	cmd  *exec.Cmd
	dir  string
	sock string
}

// Main runs the package's tests and then stops the cluster, if one was
// started: call it from TestMain.
func Main(m *testing.M) int {
	code := m.Run()
	if cluster != nil {
		cluster.cmd.Process.Signal(syscall.SIGQUIT) // immediate shutdown
		cluster.cmd.Wait()
		os.RemoveAll(cluster.dir)
	}
	return code
}

// bin finds the newest PostgreSQL's binaries.
func bin() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		a, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		b, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return a < b
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	return "", fmt.Errorf("no PostgreSQL in /usr/lib/postgresql/*/bin")
}

// URL returns the URL of a new, empty database for t, starting the cluster
// the first time. It skips t without PostgreSQL unless CI=true.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() { cluster, startErr = start() })
	if startErr != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL is needed under CI: %v", startErr)
		}
		t.Skipf("no PostgreSQL to test with: %v", startErr)
	}
	name := fmt.Sprintf("t%d", dbs.Add(1))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, cluster.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return cluster.url(name)
}

func (s *server) url(db string) string {
	return "postgres://postgres@/" + db + "?host=" + s.sock + "&port=5432&sslmode=disable"
}

// start makes and starts a cluster. PostgreSQL refuses to run as root: as
// root, it runs as the user nobody.
func start() (*server, error) {
	dir, err := bin()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "sandtable-pg-")
	if err != nil {
		return nil, err
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			return nil, err
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(tmp, uid, gid); err != nil {
			return nil, err
		}
	}
	run := func(name string, args ...string) *exec.Cmd {
		c := exec.Command(filepath.Join(dir, name), args...)
		c.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGKILL}
		c.Dir = tmp
		return c
	}
	data := filepath.Join(tmp, "data")
	if out, err := run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	// Only a unix socket in tmp; fsync off: these tests kill the servers
	// of the game, never PostgreSQL.
	cmd := run("postgres", "-D", data, "-k", tmp, "-p", "5432", "-c", "listen_addresses=", "-c", "fsync=off", "-c", "max_connections=300")
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, dir: tmp, sock: tmp}
	for i := 0; ; i++ {
		conn, err := pgx.Connect(context.Background(), s.url("postgres"))
		if err == nil {
			conn.Close(context.Background())
			return s, nil
		}
		if i == 300 {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, fmt.Errorf("PostgreSQL did not start: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
