package batch

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"schedlab/core/shareddata"
)

// kubeJob is the part of a Kubernetes Job manifest the test reads.
type kubeJob struct {
	Kind string `yaml:"kind"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int    `yaml:"completions"`
		Template       struct {
			Spec struct {
				Containers []struct {
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name      string `yaml:"name"`
						Value     string `yaml:"value"`
						ValueFrom *struct {
							FieldRef struct {
								FieldPath string `yaml:"fieldPath"`
							} `yaml:"fieldRef"`
						} `yaml:"valueFrom"`
					} `yaml:"env"`
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

// readJob returns the Job of a manifest file (its other documents skipped).
func readJob(t *testing.T, path string) kubeJob {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	for {
		var j kubeJob
		if err := dec.Decode(&j); errors.Is(err, io.EOF) {
			t.Fatalf("%s: no Job", path)
		} else if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if j.Kind == "Job" {
			if len(j.Spec.Template.Spec.Containers) != 1 {
				t.Fatalf("%s: want one container", path)
			}
			return j
		}
	}
}

// TestKubernetesManifests runs what the pods of sweep-job.yaml and merge-job.yaml would run, on this
// machine, without Kubernetes (there is none here): each index's arguments expanded as the kubelet
// expands $(VAR) from the container's environment, the image's /simulate replaced by a fresh build
// and the /out volume by a temporary directory. The merged CSV must equal the unsharded run's.
func TestKubernetesManifests(t *testing.T) {
	root := shareddata.Root(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "simulate")
	if out, err := exec.Command("go", "build", "-o", bin, filepath.Join(root, "scripts", "simulate")).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	sweep := readJob(t, filepath.Join(root, "scripts", "batch", "sweep-job.yaml"))
	c := sweep.Spec.Template.Spec.Containers[0]
	if sweep.Spec.CompletionMode != "Indexed" || len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != "/out" {
		t.Fatalf("sweep-job.yaml: want an Indexed Job with its volume at /out, got %+v", sweep.Spec)
	}
	env := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		case e.Name == "JOB_COMPLETION_INDEX" && e.ValueFrom.FieldRef.FieldPath == "metadata.annotations['batch.kubernetes.io/job-completion-index']":
		default:
			t.Fatalf("sweep-job.yaml: env %s: unexpected source %+v", e.Name, e.ValueFrom)
		}
	}
	if n, err := strconv.Atoi(env["SHARDS"]); err != nil || n != sweep.Spec.Completions {
		t.Fatalf("sweep-job.yaml: SHARDS %q differs from completions %d", env["SHARDS"], sweep.Spec.Completions)
	}
	ref := regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)
	for i := range sweep.Spec.Completions {
		env["JOB_COMPLETION_INDEX"] = strconv.Itoa(i)
		args := make([]string, len(c.Args))
		for k, a := range c.Args {
			a = ref.ReplaceAllStringFunc(a, func(m string) string { return env[m[2:len(m)-1]] })
			args[k] = strings.Replace(a, "/out/", out+"/", 1)
		}
		if msg, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("pod %d: simulate %s: %v\n%s", i, strings.Join(args, " "), err, msg)
		}
	}

	merge := readJob(t, filepath.Join(root, "scripts", "batch", "merge-job.yaml"))
	mc := merge.Spec.Template.Spec.Containers[0]
	if strings.Join(mc.Command, " ") != "sh -c" || len(mc.Args) != 1 {
		t.Fatalf("merge-job.yaml: want command [sh, -c] and one script, got %q %q", mc.Command, mc.Args)
	}
	script := strings.ReplaceAll(strings.ReplaceAll(mc.Args[0], "/simulate", bin), "/out/", out+"/")
	cmd := exec.Command("sh", "-c", script)
	for _, e := range mc.Env {
		cmd.Env = append(cmd.Env, e.Name+"="+e.Value)
	}
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("merge: %s: %v\n%s", script, err, msg)
	}
	full := filepath.Join(dir, "full.csv")
	if msg, err := exec.Command(bin, "-figure", env["FIGURE"], "-figure-out", full).CombinedOutput(); err != nil {
		t.Fatalf("the unsharded run: %v\n%s", err, msg)
	}
	want, _ := os.ReadFile(full)
	got, err := os.ReadFile(filepath.Join(out, env["FIGURE"]+".csv"))
	if err != nil || len(want) == 0 || !bytes.Equal(got, want) {
		t.Fatalf("the merge job's CSV (%v):\n%s\nwant the unsharded run's:\n%s", err, got, want)
	}
}
