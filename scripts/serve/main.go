package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	dir := flag.String("dir", "build/site", "directory to serve")
	addr := flag.String("addr", "127.0.0.1:8080", "listen address (port 0 picks a free port)")
	verbose := flag.Bool("v", false, "log every request to stderr")
	check := flag.String("check", "", "instead of serving: fetch the page at this URL and every file it loads, compared with -dir")
	flag.Parse()
	if *check != "" {
		client := &http.Client{Timeout: 30 * time.Second}
		if err := Check(client, *check, *dir, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*dir, *addr, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
}

func run(dir, addr string, verbose bool) error {
	h, err := NewHandler(dir)
	if err != nil {
		return err
	}
	defer h.Close()
	var handler http.Handler = h
	if verbose {
		handler = logRequests(h)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("serving %s at http://%s/\n", dir, ln.Addr())
	fmt.Printf("pid %d (Ctrl-C or kill %d stops it)\n", os.Getpid(), os.Getpid())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// logRequests wraps h with a one-line-per-request log on stderr.
func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		log.Printf("%s %s %d %s", r.Method, r.URL.Path, rec.status, rec.Header().Get("Content-Encoding"))
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}
