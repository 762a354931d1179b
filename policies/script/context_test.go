package script

import "testing"

// contextCheck is a policy that checks, at every decision of the dry run, what s.why, s.arrived,
// s.finished and s.users say against the jobs themselves, and fails the run where they disagree.
const contextCheck = `
preempt = True
rounds = True

def schedule(s):
    for w in s.why:
        if w not in ("arrival", "completion", "lease-end", "round"):
            fail("why: " + w)
    seen = s.store.setdefault("seen", [])
    seen.extend(s.arrived)
    for j in s.arrived:
        if j.submit_ms > s.now_ms:
            fail("arrived in the future")
    for j in s.finished:
        if j.status != "done":
            fail("finished but " + j.status)
    users = s.users
    total = 0
    for u in users:
        total += users[u].attained_ms
    if total != sum_attained(seen):
        fail("users' attained %d, jobs' %d" % (total, sum_attained(seen)))
    for u in users:
        gpus = 0
        for j in s.running:
            if j.user == u:
                gpus += j.gpus
        if gpus != users[u].gpus:
            fail("user %s holds %d GPUs, says %d" % (u, gpus, users[u].gpus))
    if math.log(math.exp(2.0)) != 2.0:
        fail("log")
    order = sorted(s.running + s.queue, key = lambda j: (j.remaining_ms * j.gpus, j.index))
    # Preempt the longest running job every other decision, so stops count too.
    n = s.store.get("n", 0) + 1
    s.store["n"] = n
    if n % 2 == 0 and len(order) > 1:
        return order[:-1]
    return order

def sum_attained(jobs):
    t = 0
    for j in jobs:
        t += j.attained_ms
    return t
`

// TestContextAgrees: s.users' attained GPU time and GPUs held agree with the jobs' own at every
// decision (arrivals, completions, preemptions and rounds), s.finished holds finished jobs and
// s.why known reasons.
func TestContextAgrees(t *testing.T) {
	prog, err := Compile("ctx.star", []byte(contextCheck))
	if err != nil {
		t.Fatal(err)
	}
	res, err := DryRun(prog)
	if err != nil {
		t.Fatal(err)
	}
	stops := 0
	for _, j := range res.Jobs {
		stops += j.Preemptions
	}
	if stops == 0 {
		t.Error("no job was preempted: the check does not cover stops")
	}
}
