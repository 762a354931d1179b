// Package rerun holds what the commands that re-run the authors' simulators (scripts/gavelrerun,
// scripts/synergyrerun, scripts/tiresiasrerun) share, so that they check the authors' checkout and
// report a difference the same way: one place to change when that contract changes.
package rerun

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Exit ends the command prog the way the re-run commands agree on, so that make and CI can tell a
// difference from a broken environment: with 1 when err is (or wraps) a Mismatch, the command's
// error type saying how many re-runs differ from the recorded ones; with 2 for any other error,
// printed after prog's name; and normally when err is nil.
func Exit[Mismatch error](prog string, err error) {
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, prog+": "+err.Error())
	var m Mismatch
	if errors.As(err, &m) {
		os.Exit(1)
	}
	os.Exit(2)
}

// Repo is an authors' repository at the commit the recorded re-runs were made at.
type Repo struct {
	Name   string // owner/name on GitHub, as messages name it
	URL    string // where a missing checkout is cloned from: a URL or a local git directory
	Commit string // the recorded commit
	Marker string // a file every checkout holds, relative to its root (e.g. simulator/runner.py)
}

// Checkout makes dir a checkout of r, so that a re-run reads the authors' code at the recorded
// commit and not whatever a directory happens to hold. When dir is missing it is cloned from r.URL
// and checked out at r.Commit; otherwise dir must hold r.Marker and, when it is a git checkout, be
// at r.Commit (a copy without git is accepted with a warning, since its commit cannot be told).
// Messages are printed to stderr after prog's name; errors name the -src flag dir came from.
func Checkout(prog, dir string, r Repo, stderr io.Writer) error {
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "%s: cloning %s into %s (git is needed, and network access for a URL)\n", prog, r.URL, dir)
		for _, args := range [][]string{
			{"clone", "--quiet", "--no-checkout", r.URL, dir},
			{"-C", dir, "checkout", "--quiet", r.Commit},
		} {
			if out, err := exec.Command("git", args...).CombinedOutput(); err != nil {
				return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, r.Marker)); err != nil {
		return fmt.Errorf("-src %s: no %s: not a checkout of %s", dir, r.Marker, r.Name)
	}
	head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "%s: %s is not a git checkout; the recorded runs were made at %s\n", prog, dir, r.Commit)
	case strings.TrimSpace(string(head)) != r.Commit:
		return fmt.Errorf("-src %s is at %s; the recorded runs were made at %s", dir, strings.TrimSpace(string(head)), r.Commit)
	}
	return nil
}
