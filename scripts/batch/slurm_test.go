package batch

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slurm is a one-node Slurm cluster of the test's own: munged, slurmctld and slurmd started in a
// temporary directory (configuration, state, spool, logs and munge socket all inside it) on ports
// nobody else uses, so it neither needs nor touches a system-wide Slurm or munge.
type slurm struct {
	dir     string
	env     []string    // the environment for client commands: SLURM_CONF points at our slurm.conf
	daemons []*exec.Cmd // started in order, stopped in reverse order by process id
}

// slurmTools are the programs the cluster needs: Debian's slurm-wlm and munge packages
// (scripts/deps.sh installs them).
var slurmTools = []string{"munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "scontrol", "sinfo"}

// startSlurm starts the cluster, or skips the test with a message when Slurm is not installed or
// the test does not run as root (slurmd starts jobs as their user, which takes root). Under CI=true
// both are failures. Every daemon is stopped when the test ends.
func startSlurm(t *testing.T) *slurm {
	t.Helper()
	skip := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatal(why + " (a failure under CI=true)")
		}
		t.Skip(why + "; skipping the Slurm test")
	}
	for _, tool := range slurmTools {
		if _, err := exec.LookPath(tool); err != nil {
			skip(tool + " not found: install Debian's slurm-wlm and munge (make deps does as root)")
		}
	}
	if os.Geteuid() != 0 {
		skip("the one-node Slurm cluster runs slurmd as root, and this test is not root")
	}
	// A short path: the munge socket's name must fit a sockaddr_un (108 bytes).
	dir, err := os.MkdirTemp("", "slurm")
	if err != nil {
		t.Fatal(err)
	}
	s := &slurm{dir: dir}
	t.Cleanup(func() { s.stop(t) })
	for _, d := range []string{"state", "spool", "log"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(dir, 0o755); err != nil { // munged wants its socket's directory searchable
		t.Fatal(err)
	}

	key := filepath.Join(dir, "munge.key")
	if out, err := exec.Command("mungekey", "--create", "--keyfile", key).CombinedOutput(); err != nil {
		t.Fatalf("mungekey: %v: %s", err, out)
	}
	sock := filepath.Join(dir, "munge.sock")
	s.start(t, "munged", "--foreground", "--force", "--socket="+sock, "--key-file="+key,
		"--pid-file="+filepath.Join(dir, "munged.pid"), "--seed-file="+filepath.Join(dir, "munge.seed"),
		"--log-file="+filepath.Join(dir, "log", "munged.log"))
	s.await(t, "munged's socket", 30*time.Second, func() bool { _, err := os.Stat(sock); return err == nil })

	conf := filepath.Join(dir, "slurm.conf")
	if err := os.WriteFile(conf, []byte(s.config(t, sock)), 0o644); err != nil {
		t.Fatal(err)
	}
	s.env = append(os.Environ(), "SLURM_CONF="+conf)
	s.start(t, "slurmctld", "-D", "-c", "-f", conf)
	s.start(t, "slurmd", "-D", "-f", conf)
	s.await(t, "the node to be idle", 30*time.Second, func() bool {
		out, err := s.command("sinfo", "-h", "-o", "%T").Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle"
	})
	return s
}

// config is slurm.conf for one node: this machine under its own hostname with the CPUs and memory
// slurmd -C reports, process tracking by /proc (proctrack/linuxproc, no cgroups), no task plugin,
// no accounting, and two free TCP ports.
func (s *slurm) config(t *testing.T, sock string) string {
	t.Helper()
	out, err := exec.Command("slurmd", "-C").Output()
	if err != nil {
		t.Fatalf("slurmd -C: %v", err)
	}
	node, _, _ := strings.Cut(string(out), "\n") // NodeName=host CPUs=… RealMemory=…
	name := regexp.MustCompile(`^NodeName=(\S+) `).FindStringSubmatch(node)
	if name == nil {
		t.Fatalf("slurmd -C printed %q, not a NodeName line", out)
	}
	ctld, d := freePort(t), freePort(t)
	p := func(rel string) string { return filepath.Join(s.dir, rel) }
	return strings.Join([]string{
		"ClusterName=schedlabtest",
		fmt.Sprintf("SlurmctldHost=%s(127.0.0.1)", name[1]),
		"SlurmUser=root", "SlurmdUser=root",
		fmt.Sprintf("SlurmctldPort=%d", ctld), fmt.Sprintf("SlurmdPort=%d", d),
		"AuthType=auth/munge", "CredType=cred/munge", "AuthInfo=socket=" + sock,
		"StateSaveLocation=" + p("state"), "SlurmdSpoolDir=" + p("spool"),
		"SlurmctldPidFile=" + p("slurmctld.pid"), "SlurmdPidFile=" + p("slurmd.pid"),
		"SlurmctldLogFile=" + p("log/slurmctld.log"), "SlurmdLogFile=" + p("log/slurmd.log"),
		"ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none",
		"SchedulerType=sched/backfill", "SelectType=select/cons_tres", "SelectTypeParameters=CR_Core",
		"MpiDefault=none", "ReturnToService=2",
		"JobAcctGatherType=jobacct_gather/none", "AccountingStorageType=accounting_storage/none",
		node + " NodeAddr=127.0.0.1 State=UNKNOWN",
		"PartitionName=test Nodes=" + name[1] + " Default=YES MaxTime=INFINITE State=UP",
	}, "\n") + "\n"
}

// freePort asks the kernel for a TCP port nobody listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start runs a daemon in the foreground (its own process, so its id is the one to stop), logging to
// log/NAME.out.
func (s *slurm) start(t *testing.T, name string, args ...string) {
	t.Helper()
	logf, err := os.Create(filepath.Join(s.dir, "log", name+".out"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd := exec.Command(name, args...)
	cmd.Env = s.env
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s.daemons = append(s.daemons, cmd)
}

// stop ends every daemon this cluster started, newest first, by process id: SIGTERM, then SIGKILL
// after 10 s. On failure the daemons' logs are shown; the directory is removed.
func (s *slurm) stop(t *testing.T) {
	for i := len(s.daemons) - 1; i >= 0; i-- {
		cmd := s.daemons[i]
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Logf("%s (pid %d) ignored SIGTERM for 10 s; killing it", cmd.Path, cmd.Process.Pid)
			cmd.Process.Kill()
			<-done
		}
	}
	if t.Failed() {
		logs, _ := filepath.Glob(filepath.Join(s.dir, "log", "*"))
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			t.Logf("--- %s (last 2 KB)\n%s", filepath.Base(l), b[max(0, len(b)-2048):])
		}
	}
	os.RemoveAll(s.dir)
}

// await polls cond every 50 ms for up to limit.
func (s *slurm) await(t *testing.T, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// command is a Slurm client command run against this cluster.
func (s *slurm) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = s.env
	return cmd
}

// submit submits a batch job from directory dir with extra environment, its output under the
// cluster's log directory (shown when the test fails), and returns its job id.
func (s *slurm) submit(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	args = append([]string{"--parsable", "--output=" + filepath.Join(s.dir, "log", "job-%A_%a.out")}, args...)
	cmd := s.command("sbatch", args...)
	cmd.Dir = dir
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sbatch %s: %v: %s", strings.Join(args, " "), err, out)
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
	return id
}

// wait returns once every task of the jobs has ended, and fails the test unless all of them
// completed with exit code 0.
func (s *slurm) wait(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		// Poll squeue rather than sbatch --wait, whose back-off sleeps up to 10 s.
		s.await(t, "job "+id, 5*time.Minute, func() bool {
			out, err := s.command("squeue", "-h", "-j", id).Output()
			return err == nil && len(bytes.TrimSpace(out)) == 0
		})
		// Without accounting, finished jobs stay in slurmctld's memory (MinJobAge, 300 s): scontrol
		// reports every array task's state and exit code.
		out, err := s.command("scontrol", "-o", "show", "job", id).Output()
		if err != nil {
			t.Fatalf("scontrol show job %s: %v", id, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			if !strings.Contains(line, " JobState=COMPLETED ") || !strings.Contains(line, " ExitCode=0:0 ") {
				t.Fatalf("job %s did not complete: %s", id, line)
			}
		}
	}
}
